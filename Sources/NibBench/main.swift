print("nibbench: not written yet")
