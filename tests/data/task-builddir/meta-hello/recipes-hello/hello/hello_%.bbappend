GREETING:append = " (appended)"
