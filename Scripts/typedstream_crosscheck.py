#!/usr/bin/env python3
"""Cross-checks nibinspect's typedstream reader against pytypedstream (LGPL, used only as an
independent oracle): for every corpus `typedstream` file that pytypedstream can decode, compares
the connections (connector class + label), the oids and the object names of the NSIBObjectData
with `nibinspect json --raw`.

usage: typedstream_crosscheck.py [nibinspect-binary] [corpus-dir]
"""
import json, subprocess, sys
import typedstream
root=sys.argv[2] if len(sys.argv) > 2 else '../shared/corpus'
binary=sys.argv[1] if len(sys.argv) > 1 else '.build/debug/nibinspect'
rows=[l.split('\t') for l in open(root+'/MANIFEST.tsv').read().splitlines()[1:]]
files=[r[3] for r in rows if len(r)>6 and r[6]=='typedstream']
for f in files:
    p=root+'/'+f
    try:
        d=typedstream.unarchive_from_file(p)
    except Exception as e:
        print('PY-FAIL', f, type(e).__name__, str(e)[:80]); continue
    py_labels=sorted((type(c).__name__, getattr(c,'label',None) or getattr(c,'value',None)) for c in d.connections)
    py_oids=sorted(d.object_ids.values())
    py_names=sorted(n for n in d.object_names.values() if n is not None)
    out=json.loads(subprocess.run([binary,'json','--raw',p],capture_output=True,text=True).stdout)
    objs=out['objects']
    def S(v):
        if v is None: return None
        if v['type']=='object':
            o=objs[v['value']]
            for x in o['values']:
                if x['key']=='NS.string': return x['value']
        if v['type']=='string': return v['value']
        return None
    def F(o,k):
        for x in o['values']:
            if x['key']==k: return x
    top=objs[out['root']]
    data=objs[F(top,'IB.objectdata')['value']]
    conns=objs[F(data,'NSConnections')['value']]
    items=F(conns,'NS.objects')['value']
    my_labels=sorted((objs[c['value']]['class'], S(F(objs[c['value']],'NSLabel') or F(objs[c['value']],'NSMarker'))) for c in items)
    my_oids=sorted(v['value'] for v in F(data,'NSOidsValues')['value'])
    my_names=sorted(x for x in (S(v) for v in F(data,'NSNamesValues')['value']) if x is not None)
    ok = py_labels==my_labels and py_oids==my_oids and py_names==my_names
    print('OK ' if ok else 'DIFF', f, len(my_labels), len(my_oids), len(my_names))
    if not ok:
        print(' py', py_labels[:5], '\n my', my_labels[:5])
