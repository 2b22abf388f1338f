import ArchiveReader

/// GraphExport turns a resolved ``NibDocument`` into Graphviz graphs (DOT text and SVG).
public enum GraphExport {}
