/*
 * bpred: a QEMU TCG plugin counting what a model of a core's time needs and
 * cannot read from instruction counts alone: taken branches, mispredicted
 * branches (a gshare for conditional branches, a path-history target
 * predictor for indirect ones, a return stack), and L1 instruction cache
 * misses, in a few callbacks per translated block.
 *
 * A block ends at a branch or just before the page end. At each block's
 * execution the previous block's last instruction is resolved: it was taken
 * when this block does not start where it ended.
 *
 * Arguments (key=value): ghist=BITS (conditional predictor history and
 * index, default 16), itbits=BITS (indirect table, default 12), phist=N
 * (targets in the indirect path history, default 8), icache=BYTES
 * (default 32768), iassoc=N (default 8), line=BYTES (default 64), out=FILE
 * (default: qemu's log).
 *
 * Build: gcc -O2 -fPIC -shared $(pkg-config --cflags glib-2.0) -I DIR bpred.c
 * where DIR holds QEMU's qemu-plugin.h (of the qemu that loads it).
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

enum kind { K_COND, K_JUMP, K_CALL, K_IJUMP, K_ICALL, K_RET, K_OTHER, K_N };
static const char *kind_name[K_N] = {
	"cond", "jump", "call", "ijump", "icall", "ret", "other"
};

struct block {
	uint64_t start, end;	/* [start, end): the block's bytes */
	uint64_t last;		/* its last instruction's address */
	uint32_t insns;
	enum kind kind;
};

struct counts {
	uint64_t insns, blocks;
	uint64_t exec[K_N], taken[K_N], miss[K_N];
	uint64_t icache_access, icache_miss;
};

static struct counts c;
static const struct block *prev;
static GMutex lock;
static bool multi;	/* more than one vCPU seen: counts are still summed */
static unsigned last_cpu = ~0u;

/* conditional: gshare */
static unsigned ghist_bits = 16;
static uint8_t *gshare;
static uint64_t ghist;

/* indirect: a tagged table indexed by the branch and its path history,
 * backed by the branch's last target */
static unsigned it_bits = 12, phist_len = 8;
struct itentry { uint64_t tag, target; uint8_t conf; };
static struct itentry *ittab;
static GHashTable *lasttarget;	/* branch -> last target */
static uint64_t phist[64];
static unsigned phist_pos;

/* returns */
#define RAS 32
static uint64_t ras[RAS];
static unsigned ras_top;

/* L1 instruction cache: set-associative, LRU */
static unsigned ic_size = 32768, ic_assoc = 8, ic_line = 64, ic_sets;
static uint64_t *ic_tag, *ic_age, ic_clock;

static FILE *out;

static enum kind classify(const char *d)
{
	char m[16];
	size_t n = 0;

	while (*d == ' ' || *d == '\t')
		d++;
	while (d[n] && d[n] != ' ' && d[n] != '\t' && n < sizeof(m) - 1) {
		m[n] = d[n];
		n++;
	}
	m[n] = 0;
	const char *ops = d + n;
	bool star = strchr(ops, '*') != NULL;
	/* prefixes QEMU's x86 disassembler prints before the mnemonic */
	if (!strcmp(m, "bnd") || !strcmp(m, "notrack") || !strcmp(m, "rep") ||
	    !strcmp(m, "repz") || !strcmp(m, "repnz"))
		return classify(ops);
	/* x86 */
	if (!strcmp(m, "jmp") || !strcmp(m, "jmpq"))
		return star ? K_IJUMP : K_JUMP;
	if (!strcmp(m, "call") || !strcmp(m, "callq"))
		return star ? K_ICALL : K_CALL;
	if (!strcmp(m, "ret") || !strcmp(m, "retq"))
		return K_RET;
	if (m[0] == 'j' || !strncmp(m, "loop", 4))
		return K_COND;
	/* aarch64 */
	if (!strncmp(m, "b.", 2) || !strcmp(m, "cbz") || !strcmp(m, "cbnz") ||
	    !strcmp(m, "tbz") || !strcmp(m, "tbnz"))
		return K_COND;
	if (!strcmp(m, "b"))
		return K_JUMP;
	if (!strcmp(m, "bl"))
		return K_CALL;
	if (!strncmp(m, "br", 2))
		return K_IJUMP;
	if (!strncmp(m, "blr", 3))
		return K_ICALL;
	if (!strncmp(m, "ret", 3))
		return K_RET;
	return K_OTHER;
}

static void icache_touch(uint64_t start, uint64_t end)
{
	for (uint64_t a = start & ~(uint64_t)(ic_line - 1); a < end; a += ic_line) {
		uint64_t blk = a / ic_line;
		unsigned set = blk % ic_sets, w, victim = 0;
		uint64_t *tag = ic_tag + (size_t)set * ic_assoc;
		uint64_t *age = ic_age + (size_t)set * ic_assoc;

		c.icache_access++;
		for (w = 0; w < ic_assoc; w++)
			if (tag[w] == blk + 1)
				break;
		if (w == ic_assoc) {
			c.icache_miss++;
			for (w = 1; w < ic_assoc; w++)
				if (age[w] < age[victim])
					victim = w;
			w = victim;
			tag[w] = blk + 1;
		}
		age[w] = ++ic_clock;
	}
}

static uint64_t path_hash(uint64_t pc)
{
	uint64_t h = pc * 0x9e3779b97f4a7c15ull;

	for (unsigned i = 0; i < phist_len; i++) {
		uint64_t t = phist[(phist_pos - 1 - i) & 63];
		h ^= (t >> 2) * (0xff51afd7ed558ccdull + 2 * i);
		h = (h << 7) | (h >> 57);
	}
	return h;
}

static void resolve(const struct block *b, uint64_t next)
{
	bool taken = next != b->end;
	enum kind k = b->kind;

	c.exec[k]++;
	if (!taken)
		return;
	c.taken[k]++;
	switch (k) {
	case K_COND:
	case K_OTHER:
		break;
	case K_CALL:
		ras[ras_top++ % RAS] = b->end;
		break;
	case K_JUMP:
		break;
	case K_ICALL:
		ras[ras_top++ % RAS] = b->end;
		/* fall through */
	case K_IJUMP: {
		uint64_t h = path_hash(b->last);
		struct itentry *e = &ittab[h & ((1u << it_bits) - 1)];
		uint64_t tag = h >> 40;
		uint64_t guess = 0;
		gpointer lt = g_hash_table_lookup(lasttarget, (gpointer)(uintptr_t)b->last);

		if (e->tag == tag && e->conf)
			guess = e->target;
		else if (lt)
			guess = (uint64_t)(uintptr_t)lt;
		if (guess != next) {
			c.miss[k]++;
			if (e->tag == tag) {
				if (e->conf)
					e->conf--;
				else
					e->target = next;
			} else if (!e->conf) {
				e->tag = tag;
				e->target = next;
				e->conf = 1;
			} else {
				e->conf--;
			}
		} else if (e->tag == tag && e->target == next && e->conf < 3) {
			e->conf++;
		}
		g_hash_table_insert(lasttarget, (gpointer)(uintptr_t)b->last,
				    (gpointer)(uintptr_t)next);
		break;
	}
	case K_RET:
		if (ras_top == 0 || ras[--ras_top % RAS] != next)
			c.miss[k]++;
		break;
	default:
		break;
	}
	phist[phist_pos++ & 63] = next;
}

static void cond_predict(const struct block *b, uint64_t next)
{
	bool taken = next != b->end;
	uint64_t mask = (1ull << ghist_bits) - 1;
	size_t i = ((b->last >> 1) ^ ghist) & mask;
	bool guess = gshare[i] >= 2;

	if (guess != taken)
		c.miss[K_COND]++;
	if (taken && gshare[i] < 3)
		gshare[i]++;
	else if (!taken && gshare[i] > 0)
		gshare[i]--;
	ghist = ((ghist << 1) | taken) & mask;
}

static void exec_block(unsigned int cpu, void *udata)
{
	const struct block *b = udata;

	g_mutex_lock(&lock);
	if (last_cpu != ~0u && cpu != last_cpu)
		multi = true;
	last_cpu = cpu;
	if (prev) {
		if (prev->kind == K_COND)
			cond_predict(prev, b->start);
		resolve(prev, b->start);
	}
	c.blocks++;
	c.insns += b->insns;
	icache_touch(b->start, b->end);
	prev = b;
	g_mutex_unlock(&lock);
}

static void translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct block *b;

	(void)id;
	if (n == 0)
		return;
	/* one record per translation: kept for the whole run, since a
	 * block's code stays valid as long as QEMU may execute it */
	b = g_new0(struct block, 1);
	struct qemu_plugin_insn *last = qemu_plugin_tb_get_insn(tb, n - 1);
	char *d = qemu_plugin_insn_disas(last);

	b->start = qemu_plugin_tb_vaddr(tb);
	b->last = qemu_plugin_insn_vaddr(last);
	b->end = b->last + qemu_plugin_insn_size(last);
	b->insns = n;
	b->kind = d ? classify(d) : K_OTHER;
	g_free(d);
	qemu_plugin_register_vcpu_tb_exec_cb(tb, exec_block, QEMU_PLUGIN_CB_NO_REGS, b);
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	uint64_t taken = 0, miss = 0;
	GString *s = g_string_new("");

	(void)id;
	(void)p;
	for (int k = 0; k < K_N; k++) {
		taken += c.taken[k];
		miss += c.miss[k];
	}
	g_string_append_printf(s, "insns %" PRIu64 "\nblocks %" PRIu64 "\n", c.insns, c.blocks);
	for (int k = 0; k < K_N; k++)
		g_string_append_printf(s, "%s %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
				       kind_name[k], c.exec[k], c.taken[k], c.miss[k]);
	g_string_append_printf(s, "taken %" PRIu64 "\nmispredicted %" PRIu64 "\n", taken, miss);
	g_string_append_printf(s, "icache %" PRIu64 " %" PRIu64 "\n", c.icache_access, c.icache_miss);
	g_string_append_printf(s, "vcpus %s\n", multi ? "several" : "one");
	if (out) {
		fputs(s->str, out);
		fclose(out);
	} else {
		qemu_plugin_outs(s->str);
	}
	g_string_free(s, TRUE);
}

static bool arg_uint(const char *v, unsigned lo, unsigned hi, unsigned *r)
{
	char *e;
	unsigned long x = strtoul(v, &e, 10);

	if (*v == 0 || *e || x < lo || x > hi)
		return false;
	*r = (unsigned)x;
	return true;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		bool ok = eq != NULL;

		if (ok) {
			*eq = 0;
			const char *k = argv[i], *v = eq + 1;
			if (!strcmp(k, "ghist"))
				ok = arg_uint(v, 4, 24, &ghist_bits);
			else if (!strcmp(k, "itbits"))
				ok = arg_uint(v, 4, 24, &it_bits);
			else if (!strcmp(k, "phist"))
				ok = arg_uint(v, 0, 64, &phist_len);
			else if (!strcmp(k, "icache"))
				ok = arg_uint(v, 1024, 1u << 24, &ic_size);
			else if (!strcmp(k, "iassoc"))
				ok = arg_uint(v, 1, 64, &ic_assoc);
			else if (!strcmp(k, "line"))
				ok = arg_uint(v, 16, 256, &ic_line);
			else if (!strcmp(k, "out"))
				ok = (out = fopen(v, "w")) != NULL;
			else
				ok = false;
			*eq = '=';
		}
		if (!ok) {
			fprintf(stderr, "bpred: bad argument '%s'\n", argv[i]);
			return -1;
		}
	}
	ic_sets = ic_size / (ic_line * ic_assoc);
	if (ic_sets == 0 || ic_sets * ic_line * ic_assoc != ic_size) {
		fprintf(stderr, "bpred: icache=%u is not a multiple of iassoc*line\n", ic_size);
		return -1;
	}
	gshare = g_new0(uint8_t, (size_t)1 << ghist_bits);
	memset(gshare, 1, (size_t)1 << ghist_bits);
	ittab = g_new0(struct itentry, (size_t)1 << it_bits);
	lasttarget = g_hash_table_new(g_direct_hash, g_direct_equal);
	ic_tag = g_new0(uint64_t, (size_t)ic_sets * ic_assoc);
	ic_age = g_new0(uint64_t, (size_t)ic_sets * ic_assoc);
	qemu_plugin_register_vcpu_tb_trans_cb(id, translate);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
