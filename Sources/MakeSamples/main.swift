print("make-samples: not written yet")
