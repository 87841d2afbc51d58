APPENDED .= " and demo_1.0.bbappend"
