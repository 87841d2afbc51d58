/* pgo-gen: generate the meta-pgo layer; "pgo-gen vars" shows conf variables */
#include <stdio.h>
#include <string.h>

#include "generator/gen.h"

static const char usage[] =
	"usage: pgo-gen [-B BUILDDIR] [-c CONF]... [-I DIR]... [-D VAR=VALUE]... [-T TEMPLATEDIR]\n"
	"               -o OUTDIR\n"
	"       pgo-gen --check [same options] -o DIR\n"
	"       pgo-gen vars [OPTIONS] FILE...   print the variables of conf files\n"
	"\n"
	"pgo-gen --help and pgo-gen vars --help describe the options.\n";

int
main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "vars"))
		return cmd_vars(argc - 1, argv + 1);
	if (argc == 1) {
		fputs(usage, stderr);
		return 2;
	}
	return cmd_gen(argc, argv);
}
