print("bluetooth")
