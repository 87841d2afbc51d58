A = "a"
this is not valid
