/* pgo-gen subcommands */
#ifndef GEN_H
#define GEN_H

/* pgo-gen vars ...: prints the datastore of conf files; returns the exit status */
int cmd_vars(int argc, char **argv);
/* pgo-gen [--check] ... -o DIR: writes or checks the layer; returns the exit status */
int cmd_gen(int argc, char **argv);

#endif
