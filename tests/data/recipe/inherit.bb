PN = "demo"
inherit plain hello
inherit plain
inherit_defer deferred
