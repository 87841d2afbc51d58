A = "a"
# comment \
B = "b"
