/* the commands a shell function runs, as BitBake's ShellParser finds them */
#ifndef BB_SHELL_H
#define BB_SHELL_H

#include "bblang/strvec.h"
#include "bblang/util.h"

/*
 * appends to execs (each once) the commands the shell code src executes, as
 * BitBake's codeparser.ShellParser.parse_shell() gives them: the first word
 * of every simple command (as written, quotes and all; after leading
 * assignments; none when it starts with '$'), those of $(...) and `...`
 * in its words, and of eval's arguments, less the functions src defines;
 * words only named (in strings, as arguments) are not commands. -1 with err
 * set on code BitBake's parser refuses (unbalanced quotes, $((...)))
 */
int bb_shell_execs(const char *src, struct bb_strvec *execs, struct bb_error *err);

#endif
