/* pgo-gen: generate the meta-pgo layer; "pgo-gen vars" shows conf variables */
#include <stdio.h>
#include <string.h>

#include "generator/gen.h"

static const char usage[] =
	"usage: pgo-gen vars [OPTIONS] FILE...   print the variables of conf files\n"
	"       pgo-gen --help\n";

int
main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "vars"))
		return cmd_vars(argc - 1, argv + 1);
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(usage, stdout);
		return 0;
	}
	fputs(usage, stderr);
	return 2;
}
