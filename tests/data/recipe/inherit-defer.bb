PN = "demo"
inherit_defer ${@'deferred' if d.getVar('WANT') == '1' else 'no-such-class'}
inherit_defer plain
WANT = "1"
