PLAIN = "plain ${PN}"
