A = "a \
# comment
b"
