/* pgo-gen subcommands */
#ifndef GEN_H
#define GEN_H

int cmd_vars(int argc, char **argv);

#endif
