/*
 * the commands a shell function runs, found as BitBake's ShellParser (over
 * its pysh grammar) finds them: a lexer of shell words and operators, a
 * recursive descent over the POSIX grammar's compound commands, and
 * ShellParser.process_words() for the words of each simple command
 */
#include <stdlib.h>
#include <string.h>

#include "bblang/buf.h"
#include "bblang/shell.h"

enum tok { T_EOF, T_WORD, T_OP, T_NEWLINE };

struct sh {
	const char *p;			/* the next character */
	enum tok tok;			/* the token read ahead */
	const char *start;		/* its text, n bytes */
	size_t n;
	struct bb_strvec heredocs;	/* "-DELIM" or " DELIM": bodies after the newline */
	struct bb_strvec *execs, *funcdefs;
	struct bb_error *err;
	int depth;
	bool failed;
};

static const char *const reserved[] = {
	"if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for",
	"{", "}", "!", "in", NULL
};

static const char *const ops[] = {
	"&&", "||", ";;", "<<-", "<<", "<&", ">&", "<>", ">>", ">|", ";", "&", "|", "(", ")",
	"<", ">", NULL
};

static int parse_program(struct sh *sh, const char *src);

static void
fail(struct sh *sh, const char *what, const char *at)
{
	if (!sh->failed)
		bb_error(sh->err, NULL, "shell code BitBake cannot parse: %s at '%.20s'", what, at);
	sh->failed = true;
}

/* the end of '...' whose quote is at p */
static const char *
scan_squote(struct sh *sh, const char *p)
{
	const char *e = strchr(p + 1, '\'');

	if (!e) {
		fail(sh, "unterminated quote", p);
		return p + strlen(p);
	}
	return e + 1;
}

static const char *scan_dollar(struct sh *sh, const char *p);
static const char *scan_bquote(struct sh *sh, const char *p);
static const char *escape_end(const char *p);
static const char *scan_dquote(struct sh *sh, const char *p);

/*
 * the end of what nests in "...", $(...), `...` and ${...} (the closing
 * char close): in "..." a single quote is a character
 */
static const char *
scan_nested(struct sh *sh, const char *p, const char *q, int close)
{
	while (*q && !sh->failed) {
		if (*q == close)
			return q + 1;
		if (*q == '\\')
			q = escape_end(q);
		else if (*q == '\'' && close != '"')
			q = scan_squote(sh, q);
		else if (*q == '"')
			q = scan_dquote(sh, q);
		else if (*q == '$')
			q = scan_dollar(sh, q);
		else if (*q == '`' && close != '`')
			q = scan_bquote(sh, q);
		else
			q++;
	}
	fail(sh, "unterminated quote or substitution", p);
	return q;
}

static const char *
scan_dquote(struct sh *sh, const char *p)
{
	return scan_nested(sh, p, p + 1, '"');
}

static const char *
scan_bquote(struct sh *sh, const char *p)
{
	return scan_nested(sh, p, p + 1, '`');
}

/* the end of the expansion whose '$' is at p: pysh has no $((...)) */
static const char *
scan_dollar(struct sh *sh, const char *p)
{
	const char *q = p + 1;

	if (q[0] == '(' && q[1] == '(') {
		fail(sh, "arithmetic expansion", p);
		return q + strlen(q);
	}
	if (*q == '(')
		return scan_nested(sh, p, q + 1, ')');
	if (*q == '{')
		return scan_nested(sh, p, q + 1, '}');
	if (*q && strchr("@*#?-$!0", *q))
		return q + 1;
	while (*q == '_' || (*q >= '0' && *q <= '9') || ((*q | 0x20) >= 'a' && (*q | 0x20) <= 'z'))
		q++;
	return q;
}

/*
 * past a backslash at p: pysh's lexer lets '$' and '`' after one start an
 * expansion all the same
 */
static const char *
escape_end(const char *p)
{
	if (p[1] == '$' || p[1] == '`')
		return p + 1;
	return p + (p[1] ? 2 : 1);
}

static bool
is_blank(int c)
{
	return c == ' ' || c == '\t';
}

static const char *
word_end(struct sh *sh, const char *p)
{
	while (*p && !sh->failed && !is_blank(*p) && *p != '\n' && !strchr(";&|()<>", *p)) {
		if (*p == '\\')
			p = escape_end(p);
		else if (*p == '\'')
			p = scan_squote(sh, p);
		else if (*p == '"')
			p = scan_dquote(sh, p);
		else if (*p == '$')
			p = scan_dollar(sh, p);
		else if (*p == '`')
			p = scan_bquote(sh, p);
		else
			p++;
	}
	return p;
}

/* a here-document's delimiter without its quoting */
static char *
unquote(const char *s, size_t n)
{
	struct bb_buf b = BB_BUF_INIT;

	for (size_t i = 0; i < n; i++)
		if (s[i] == '\\' && i + 1 < n)
			bb_buf_addch(&b, s[++i]);
		else if (s[i] != '\'' && s[i] != '"')
			bb_buf_addch(&b, s[i]);
	return bb_buf_detach(&b);
}

/* skips the bodies of the here-documents begun on the line just ended */
static void
skip_heredocs(struct sh *sh)
{
	for (size_t i = 0; i < sh->heredocs.n; i++) {
		const char *delim = sh->heredocs.v[i] + 1;
		bool tabs = sh->heredocs.v[i][0] == '-';

		while (*sh->p) {
			const char *line = sh->p, *end = line + strcspn(line, "\n");

			sh->p = *end ? end + 1 : end;
			while (tabs && *line == '\t')
				line++;
			if ((size_t)(end - line) == strlen(delim) && !strncmp(line, delim, strlen(delim)))
				break;
		}
	}
	bb_strvec_clear(&sh->heredocs);
}

/* reads the next token into sh->tok, start, n */
static void
next(struct sh *sh)
{
	const char *p = sh->p;

	for (;;) {
		while (is_blank(*p))
			p++;
		if (p[0] == '\\' && p[1] == '\n')
			p += 2;
		else if (*p == '#' && !p[strcspn(p, "\n")]) {
			/* pysh waits for the newline that ends a comment */
			fail(sh, "a comment without a newline at the end", p);
			p += strlen(p);
		} else if (*p == '#')
			p += strcspn(p, "\n");
		else
			break;
	}
	sh->start = p;
	if (!*p || sh->failed) {
		sh->tok = T_EOF;
		sh->n = 0;
		return;
	}
	if (*p == '\n') {
		sh->tok = T_NEWLINE;
		sh->n = 1;
		sh->p = p + 1;
		skip_heredocs(sh);
		return;
	}
	for (size_t i = 0; ops[i]; i++)
		if (!strncmp(p, ops[i], strlen(ops[i]))) {
			sh->tok = T_OP;
			sh->n = strlen(ops[i]);
			sh->p = p + sh->n;
			return;
		}
	sh->tok = T_WORD;
	sh->p = word_end(sh, p);
	sh->n = (size_t)(sh->p - p);
}

static bool
is_op(struct sh *sh, const char *op)
{
	return sh->tok == T_OP && sh->n == strlen(op) && !strncmp(sh->start, op, sh->n);
}

static bool
is_word(struct sh *sh, const char *w)
{
	return sh->tok == T_WORD && sh->n == strlen(w) && !strncmp(sh->start, w, sh->n);
}

static bool
is_reserved(struct sh *sh)
{
	for (size_t i = 0; reserved[i]; i++)
		if (is_word(sh, reserved[i]))
			return true;
	return false;
}

static void
expect(struct sh *sh, const char *w)
{
	if (!is_word(sh, w) && !is_op(sh, w))
		fail(sh, w[0] == ')' ? "')' expected" : "a keyword expected", sh->start);
	else
		next(sh);
}

static void
skip_newlines(struct sh *sh)
{
	while (sh->tok == T_NEWLINE)
		next(sh);
}

static void
add_exec(struct sh *sh, const char *s, size_t n)
{
	char *w = xstrndup(s, n);

	if (bb_strvec_has(sh->execs, w))
		free(w);
	else
		bb_strvec_push(sh->execs, w);
}

/* the commands of the code between p and end, a substitution's */
static void
parse_sub(struct sh *sh, const char *p, const char *end)
{
	char *code = xstrndup(p, (size_t)(end - p));

	if (!sh->failed && parse_program(sh, code) < 0)
		sh->failed = true;
	free(code);
}

/*
 * parses the $(...) and `...` of word, and those one level inside its
 * "...", as process_words does; whether it found one
 */
static bool
word_subs(struct sh *sh, const char *w, size_t n)
{
	const char *end = w + n, *p = w;
	bool found = false;
	int dq = 0;

	while (p < end && !sh->failed) {
		const char *e;

		if (*p == '\\') {
			p = escape_end(p);
		} else if (*p == '\'' && !dq) {
			p = scan_squote(sh, p);
		} else if (*p == '"') {
			dq = !dq;
			p++;
		} else if ((*p == '$' && p[1] == '(') || *p == '`') {
			e = *p == '$' ? scan_dollar(sh, p) : scan_bquote(sh, p);
			parse_sub(sh, p + (*p == '$' ? 2 : 1), e - 1);
			found = true;
			p = e;
		} else if (*p == '$') {
			p = scan_dollar(sh, p);
		} else {
			p++;
		}
	}
	return found;
}

struct word {
	const char *s;
	size_t n;
};

/* ShellParser.process_words over the words of a simple command */
static void
process_words(struct sh *sh, struct word *w, size_t n)
{
	bool usetoken = false;
	size_t first = 0;

	for (size_t i = 0; i < n; i++)
		/* the command word goes, and the loop (Python's, over the list it
		   removes from) passes over the word after it */
		if (word_subs(sh, w[i].s, w[i].n) && i == first && first == 0) {
			first = 1;
			i++;
		}
	for (size_t i = first; i < n; i++) {
		if (i != 0 && !usetoken)
			break;
		if (memchr(w[i].s, '=', w[i].n)) {
			usetoken = true;
			continue;
		}
		if (w[i].s[0] == '$')
			return;
		if (w[i].n == 4 && !strncmp(w[i].s, "eval", 4)) {
			struct bb_buf code = BB_BUF_INIT;

			for (size_t j = first + 1; j < n; j++)
				bb_buf_addf(&code, "%s%.*s", j > first + 1 ? " " : "", (int)w[j].n,
					w[j].s);
			parse_sub(sh, code.buf ? code.buf : "", code.buf ? code.buf + code.len : "");
			bb_buf_release(&code);
			return;
		}
		add_exec(sh, w[i].s, w[i].n);
		return;
	}
}

static bool
is_redirect(struct sh *sh)
{
	return sh->tok == T_OP && strchr("<>", sh->start[0]);
}

/* a redirection: the operator and its word (a here-document's delimiter kept) */
static void
redirect(struct sh *sh)
{
	bool here = is_op(sh, "<<") || is_op(sh, "<<-"), tabs = is_op(sh, "<<-");

	next(sh);
	if (sh->tok != T_WORD) {
		fail(sh, "a file name expected", sh->start);
		return;
	}
	if (here) {
		char *d = unquote(sh->start, sh->n);

		bb_strvec_push(&sh->heredocs, xstrcat(tabs ? "-" : " ", d, NULL));
		free(d);
	}
	next(sh);
}

/* an IO_NUMBER: digits right before a redirection */
static bool
io_number(struct sh *sh)
{
	size_t i = 0;

	while (i < sh->n && sh->start[i] >= '0' && sh->start[i] <= '9')
		i++;
	return sh->tok == T_WORD && i == sh->n && (*sh->p == '<' || *sh->p == '>');
}

static void parse_list(struct sh *sh);
static void parse_command(struct sh *sh);

static void
simple_command(struct sh *sh)
{
	struct word *w = NULL;
	size_t n = 0, alloc = 0;

	while (!sh->failed && (sh->tok == T_WORD || is_redirect(sh))) {
		if (io_number(sh))
			next(sh);
		else if (is_redirect(sh))
			redirect(sh);
		else {
			w = bb_grow(w, n, &alloc, sizeof(*w), 8);
			w[n++] = (struct word){ sh->start, sh->n };
			next(sh);
		}
	}
	process_words(sh, w, n);
	free(w);
}

/* the words of a for's list or a case's patterns: their substitutions only */
static void
plain_word(struct sh *sh)
{
	word_subs(sh, sh->start, sh->n);
	next(sh);
}

static void
if_clause(struct sh *sh)
{
	next(sh);
	parse_list(sh);
	expect(sh, "then");
	parse_list(sh);
	while (is_word(sh, "elif")) {
		next(sh);
		parse_list(sh);
		expect(sh, "then");
		parse_list(sh);
	}
	if (is_word(sh, "else")) {
		next(sh);
		parse_list(sh);
	}
	expect(sh, "fi");
}

static void
do_group(struct sh *sh)
{
	skip_newlines(sh);
	expect(sh, "do");
	parse_list(sh);
	expect(sh, "done");
}

static void
for_clause(struct sh *sh)
{
	next(sh);
	next(sh);	/* the name */
	skip_newlines(sh);
	if (is_word(sh, "in")) {
		next(sh);
		while (!sh->failed && sh->tok == T_WORD)
			plain_word(sh);
		if (is_op(sh, ";"))
			next(sh);
	} else {
		fail(sh, "a for without 'in'", sh->start);
	}
	do_group(sh);
}

/* the case's own word is not looked into: ShellParser takes its items only */
static void
case_clause(struct sh *sh)
{
	next(sh);
	next(sh);
	skip_newlines(sh);
	expect(sh, "in");
	skip_newlines(sh);
	while (!sh->failed && sh->tok != T_EOF && !is_word(sh, "esac")) {
		if (is_op(sh, "("))
			next(sh);
		while (!sh->failed && (sh->tok == T_WORD || is_op(sh, "|")))
			if (is_op(sh, "|"))
				next(sh);
			else
				plain_word(sh);
		expect(sh, ")");
		parse_list(sh);
		if (is_op(sh, ";;"))
			next(sh);
		skip_newlines(sh);
	}
	expect(sh, "esac");
}

/* NAME() COMPOUND: the name is a function of the code, not a command */
static bool
function_definition(struct sh *sh)
{
	const char *q = sh->p, *start = sh->start;
	size_t n = sh->n;

	/* looks ahead without reading: a newline would take here-documents */
	while (is_blank(*q))
		q++;
	if (*q != '(')
		return false;
	next(sh);
	next(sh);
	expect(sh, ")");
	skip_newlines(sh);
	bb_strvec_push(sh->funcdefs, xstrndup(start, n));
	parse_command(sh);
	return true;
}

static void
parse_command(struct sh *sh)
{
	if (++sh->depth > 200)
		fail(sh, "nesting too deep", sh->start);
	else if (is_word(sh, "if"))
		if_clause(sh);
	else if (is_word(sh, "while") || is_word(sh, "until")) {
		next(sh);
		parse_list(sh);
		do_group(sh);
	} else if (is_word(sh, "for"))
		for_clause(sh);
	else if (is_word(sh, "case"))
		case_clause(sh);
	else if (is_word(sh, "{")) {
		next(sh);
		parse_list(sh);
		expect(sh, "}");
	} else if (is_op(sh, "(")) {
		next(sh);
		parse_list(sh);
		expect(sh, ")");
	} else if (sh->tok == T_WORD && !is_reserved(sh) && function_definition(sh))
		;
	else if (sh->tok == T_WORD || is_redirect(sh))
		simple_command(sh);
	else
		fail(sh, "unexpected token", sh->start);
	while (!sh->failed && (is_redirect(sh) || io_number(sh)))
		if (io_number(sh))
			next(sh);
		else
			redirect(sh);
	sh->depth--;
}

static void
pipeline(struct sh *sh)
{
	if (is_word(sh, "!"))
		next(sh);
	parse_command(sh);
	while (!sh->failed && is_op(sh, "|")) {
		next(sh);
		skip_newlines(sh);
		parse_command(sh);
	}
}

/* commands up to a keyword that ends a compound command, ')', ';;' or the end */
static void
parse_list(struct sh *sh)
{
	static const char *const ends[] = { "then", "else", "elif", "fi", "do", "done", "esac",
		"}", NULL };

	for (;;) {
		while (sh->tok == T_NEWLINE || is_op(sh, ";") || is_op(sh, "&"))
			next(sh);
		if (sh->failed || sh->tok == T_EOF || is_op(sh, ")") || is_op(sh, ";;"))
			return;
		for (size_t i = 0; ends[i]; i++)
			if (is_word(sh, ends[i]))
				return;
		pipeline(sh);
		while (!sh->failed && (is_op(sh, "&&") || is_op(sh, "||"))) {
			next(sh);
			skip_newlines(sh);
			pipeline(sh);
		}
		if (!sh->failed && sh->tok != T_EOF && sh->tok != T_NEWLINE && !is_op(sh, ";") &&
		    !is_op(sh, "&") && !is_op(sh, ")") && !is_op(sh, ";;") && !is_reserved(sh))
			fail(sh, "unexpected token", sh->start);
	}
}

/* a whole program, its commands into sh's (sub-programs share them) */
static int
parse_program(struct sh *sh, const char *src)
{
	struct sh sub = *sh;

	sub.p = src;
	sub.heredocs = (struct bb_strvec)BB_STRVEC_INIT;
	next(&sub);
	parse_list(&sub);
	if (!sub.failed && sub.tok != T_EOF)
		fail(&sub, "unexpected token", sub.start);
	bb_strvec_clear(&sub.heredocs);
	return sub.failed ? -1 : 0;
}

int
bb_shell_execs(const char *src, struct bb_strvec *execs, struct bb_error *err)
{
	struct bb_strvec all = BB_STRVEC_INIT, defs = BB_STRVEC_INIT;
	struct sh sh = { .execs = &all, .funcdefs = &defs, .err = err };
	int ret = parse_program(&sh, src);

	for (size_t i = 0; i < all.n && !ret; i++)
		if (!bb_strvec_has(&defs, all.v[i]) && !bb_strvec_has(execs, all.v[i]))
			bb_strvec_pushdup(execs, all.v[i]);
	bb_strvec_clear(&all);
	bb_strvec_clear(&defs);
	return ret;
}
