// SPDX-License-Identifier: GPL-2.0-or-later
/* check_sec_ref(): every relocation of a module object, in section order.
 * References from code or data that stays to __init/__exit code or data
 * that is freed ("section mismatch"), __ex_table entries that do not point
 * at text, non-allocated PROGBITS sections, and (6.12) the .export_symbol
 * relocations that declare the module's exports. The section lists, the
 * whitelist and the messages follow each series' scripts/mod/modpost.c. */
#define _GNU_SOURCE
#include <fnmatch.h>
#include <string.h>

#include "kernel/kelf.h"
#include "shared/alloc.h"
#include "shared/str.h"
#include "modpost.h"

#define PATTERNS(...) ((const char *const[]){ __VA_ARGS__, NULL })

enum mismatch { MM_REF, MM_EXPORT, MM_EXTABLE };

/* 5.10 explains each kind of reference in its own words */
enum mismatch_5_10 {
	TEXT_TO_ANY_INIT, DATA_TO_ANY_INIT, TEXT_TO_ANY_EXIT, DATA_TO_ANY_EXIT, XXXINIT_TO_SOME_INIT,
	XXXEXIT_TO_SOME_EXIT, ANY_INIT_TO_ANY_EXIT, ANY_EXIT_TO_ANY_INIT, EXPORT_TO_INIT_EXIT,
	EXTABLE_TO_NON_TEXT,
};

struct sectioncheck {
	const char *const *fromsec, *const *bad_tosec, *const *good_tosec;
	enum mismatch mismatch;
};

/* 5.10: a check (first, so that a pointer to it is one to this), its kind
 * and the data symbols that may point at init/exit sections */
struct sectioncheck_5_10 {
	struct sectioncheck c;
	enum mismatch_5_10 kind;
	const char *const *symbol_white_list;
};

#define TEXT_SECTIONS ".text", ".text.*", ".sched.text", ".kprobes.text", ".cpuidle.text", \
	".noinstr.text", ".ltext", ".ltext.*"
#define OTHER_TEXT_SECTIONS ".ref.text", ".head.text", ".spinlock.text", ".fixup", \
	".entry.text", ".exception.text", ".coldtext", ".softirqentry.text", ".irqentry.text"
#define DATA_SECTIONS ".data", ".data.rel"
#define PCI_INIT_SECTIONS ".pci_fixup_early", ".pci_fixup_header", ".pci_fixup_final", \
	".pci_fixup_enable", ".pci_fixup_resume", ".pci_fixup_resume_early", ".pci_fixup_suspend"

static const char *const white_list_5_10[] = {
	".comment*", ".debug*", ".cranges", ".zdebug*", ".GCC.command.line", ".mdebug*", ".pdr",
	".stab*", ".note*", ".got*", ".toc*", ".xt.prop", ".xt.lit", ".arcextmap*",
	".gnu.linkonce.arcext*", ".cmem*", ".fmt_slot*", ".gnu.lto*", ".discard.*", NULL
};
static const char *const white_list_6_1[] = {
	".comment*", ".debug*", ".zdebug*", ".GCC.command.line", ".mdebug*", ".pdr", ".stab*",
	".note*", ".got*", ".toc*", ".xt.prop", ".xt.lit", ".arcextmap*", ".gnu.linkonce.arcext*",
	".cmem*", ".fmt_slot*", ".gnu.lto*", ".discard.*", NULL
};
static const char *const white_list_6_12[] = {
	".comment*", ".debug*", ".zdebug*", ".GCC.command.line", ".mdebug*", ".pdr", ".stab*",
	".note*", ".got*", ".toc*", ".xt.prop", ".xt.lit", ".arcextmap*", ".gnu.linkonce.arcext*",
	".cmem*", ".fmt_slot*", ".gnu.lto*", ".discard.*", ".llvm.call-graph-profile", NULL
};
static const char *const white_list_7_2[] = {
	".comment*", ".debug*", ".zdebug*", ".GCC.command.line", ".mdebug*", ".pdr", ".stab*",
	".note*", ".got*", ".toc*", ".xt.prop", ".xt.lit", ".arcextmap*", ".gnu.linkonce.arcext*",
	".cmem*", ".fmt_slot*", ".gnu.lto*", ".discard.*", ".llvm.call-graph-profile",
	"__llvm_covfun", "__llvm_covmap", ".klp.symid", NULL
};

static const char *const *white_list(const struct modpost *mp)
{
	switch (mp->fmt) {
	case KBP_MODPOST_5_10: return white_list_5_10;
	case KBP_MODPOST_6_1: return white_list_6_1;
	case KBP_MODPOST_6_12: return white_list_6_12;
	default: return white_list_7_2;
	}
}

/* 5.10: .text.* is "other" text, only some of whose references are checked;
 * meminit and memexit sections; each check has its own whitelist of data */
#define TEXT_SECTIONS_5_10 ".text", ".text.unlikely", ".sched.text", ".kprobes.text", ".cpuidle.text", \
	".noinstr.text"
#define ALL_TEXT_SECTIONS_5_10 ".init.text", ".meminit.text", ".exit.text", ".memexit.text", \
	TEXT_SECTIONS_5_10, ".ref.text", ".head.text", ".spinlock.text", ".fixup", ".entry.text", \
	".exception.text", ".text.*", ".coldtext"
#define ALL_INIT_5_10 ".init.*", ".meminit.*"
#define ALL_EXIT_5_10 ".exit.*", ".memexit.*"
#define DEFAULT_SYMBOL_WHITE_LIST_5_10 PATTERNS("*driver", "*_template", "*_timer", "*_sht", "*_ops", \
	"*_probe", "*_probe_one", "*_console")

static const struct sectioncheck_5_10 checks_5_10[] = {
	{ { PATTERNS(TEXT_SECTIONS_5_10), PATTERNS(ALL_INIT_5_10), NULL, MM_REF }, TEXT_TO_ANY_INIT,
	  DEFAULT_SYMBOL_WHITE_LIST_5_10 },
	{ { PATTERNS(DATA_SECTIONS), PATTERNS(".meminit.*"), NULL, MM_REF }, DATA_TO_ANY_INIT,
	  DEFAULT_SYMBOL_WHITE_LIST_5_10 },
	{ { PATTERNS(DATA_SECTIONS), PATTERNS(".init.*"), NULL, MM_REF }, DATA_TO_ANY_INIT,
	  PATTERNS("*_template", "*_timer", "*_sht", "*_ops", "*_probe", "*_probe_one", "*_console") },
	{ { PATTERNS(TEXT_SECTIONS_5_10), PATTERNS(ALL_EXIT_5_10), NULL, MM_REF }, TEXT_TO_ANY_EXIT,
	  DEFAULT_SYMBOL_WHITE_LIST_5_10 },
	{ { PATTERNS(DATA_SECTIONS), PATTERNS(ALL_EXIT_5_10), NULL, MM_REF }, DATA_TO_ANY_EXIT,
	  DEFAULT_SYMBOL_WHITE_LIST_5_10 },
	{ { PATTERNS(".meminit.*"), PATTERNS(".init.*"), NULL, MM_REF }, XXXINIT_TO_SOME_INIT,
	  DEFAULT_SYMBOL_WHITE_LIST_5_10 },
	{ { PATTERNS(".memexit.*"), PATTERNS(".exit.*"), NULL, MM_REF }, XXXEXIT_TO_SOME_EXIT,
	  DEFAULT_SYMBOL_WHITE_LIST_5_10 },
	{ { PATTERNS(ALL_INIT_5_10), PATTERNS(ALL_EXIT_5_10), NULL, MM_REF }, ANY_INIT_TO_ANY_EXIT,
	  DEFAULT_SYMBOL_WHITE_LIST_5_10 },
	{ { PATTERNS(ALL_EXIT_5_10), PATTERNS(ALL_INIT_5_10), NULL, MM_REF }, ANY_EXIT_TO_ANY_INIT,
	  DEFAULT_SYMBOL_WHITE_LIST_5_10 },
	{ { PATTERNS(PCI_INIT_SECTIONS), PATTERNS(".init.*"), NULL, MM_REF }, ANY_INIT_TO_ANY_EXIT, NULL },
	{ { PATTERNS("___ksymtab*"), PATTERNS(".init.*", ".exit.*"), NULL, MM_EXPORT }, EXPORT_TO_INIT_EXIT,
	  DEFAULT_SYMBOL_WHITE_LIST_5_10 },
	{ { PATTERNS("__ex_table"), PATTERNS(".altinstr_replacement"), PATTERNS(ALL_TEXT_SECTIONS_5_10),
	  MM_EXTABLE }, EXTABLE_TO_NON_TEXT, NULL },
};

/* 6.1: ALL_INIT is .init.* and .meminit.*; first match wins */
static const struct sectioncheck checks_6_1[] = {
	{ PATTERNS(TEXT_SECTIONS), PATTERNS(".init.*", ".meminit.*"), NULL, MM_REF },
	{ PATTERNS(DATA_SECTIONS), PATTERNS(".meminit.*"), NULL, MM_REF },
	{ PATTERNS(DATA_SECTIONS), PATTERNS(".init.*"), NULL, MM_REF },
	{ PATTERNS(TEXT_SECTIONS), PATTERNS(".exit.*"), NULL, MM_REF },
	{ PATTERNS(DATA_SECTIONS), PATTERNS(".exit.*"), NULL, MM_REF },
	{ PATTERNS(".meminit.*"), PATTERNS(".init.*"), NULL, MM_REF },
	{ PATTERNS(".init.*", ".meminit.*"), PATTERNS(".exit.*"), NULL, MM_REF },
	{ PATTERNS(".exit.*"), PATTERNS(".init.*", ".meminit.*"), NULL, MM_REF },
	{ PATTERNS(PCI_INIT_SECTIONS), PATTERNS(".init.*"), NULL, MM_REF },
	{ PATTERNS("___ksymtab*"), PATTERNS(".init.*", ".exit.*"), NULL, MM_EXPORT },
	{ PATTERNS("__ex_table"), PATTERNS(".altinstr_replacement"),
	  PATTERNS(".init.text", ".meminit.text", ".exit.text", TEXT_SECTIONS, OTHER_TEXT_SECTIONS),
	  MM_EXTABLE },
};

static const struct sectioncheck checks_6_12[] = {
	{ PATTERNS(TEXT_SECTIONS, DATA_SECTIONS), PATTERNS(".init.*", ".exit.*"), NULL, MM_REF },
	{ PATTERNS(".init.*"), PATTERNS(".exit.*"), NULL, MM_REF },
	{ PATTERNS(".exit.*"), PATTERNS(".init.*"), NULL, MM_REF },
	{ PATTERNS(PCI_INIT_SECTIONS), PATTERNS(".init.*"), NULL, MM_REF },
	{ PATTERNS("__ex_table"), PATTERNS(".altinstr_replacement"),
	  PATTERNS(".init.text", ".exit.text", TEXT_SECTIONS, OTHER_TEXT_SECTIONS), MM_EXTABLE },
};

/* one reference: the relocated place and what it points at */
struct ref {
	uint32_t fsecndx;
	const char *fromsec, *tosec;
	uint64_t faddr;
	int64_t addend; /* 6.1: r_addend; 6.12: taddr = st_value + addend */
	GElf_Sym tsym;
	size_t tsymidx, tshndx;
};

struct secref {
	struct modpost *mp;
	struct mp_module *mod;
	struct kelf *k;
	const char *modname; /* 6.1 names the object file, 6.12 the module */
	const char *objname;
	struct mp_symsearch *ss;
	size_t export_secndx;
	uint16_t machine;
	bool is64;
	/* names as modpost's remove_dot() left them in the string table before
	 * this check: NULL where it cut nothing */
	char **cut_names;
};

static bool match(const char *s, const char *const *patterns)
{
	for (; patterns && *patterns; patterns++)
		if (!fnmatch(*patterns, s, 0))
			return true;
	return false;
}

static const char *sec_name(const struct secref *c, uint32_t secndx)
{
	return secndx < kelf_nsections(c->k) ? kelf_section_name(c->k, secndx) : "";
}

static void get_sym(const struct secref *c, size_t idx, GElf_Sym *sym, size_t *shndx, const char **name)
{
	if (kelf_sym(c->k, idx, sym, shndx, name) < 0)
		mp_fatal(c->mp, "%s: bad symbol index %zu in a relocation\n", c->objname, idx);
	if (c->cut_names[idx])
		*name = c->cut_names[idx];
}

static char **cut_names(struct secref *c)
{
	char **v = xcalloc(kelf_nsyms(c->k) + 1, sizeof(*v));

	for (size_t i = 0; i < kelf_nsyms(c->k); i++) {
		GElf_Sym sym;
		size_t shndx, n;
		const char *name;

		if (kelf_sym(c->k, i, &sym, &shndx, &name) < 0)
			continue;
		n = mp_remove_dot_len(name);
		if (name[n])
			v[i] = xstrndup(name, n);
	}
	return v;
}

static const struct sectioncheck *section_mismatch(const struct secref *c, const char *fromsec,
						   const char *tosec)
{
	enum kbp_modpost_format fmt = c->mp->fmt;
	const struct sectioncheck *v = fmt == KBP_MODPOST_6_1 ? checks_6_1 : checks_6_12;
	size_t n = fmt == KBP_MODPOST_5_10 ? ARRAY_SIZE(checks_5_10) :
		   fmt == KBP_MODPOST_6_1  ? ARRAY_SIZE(checks_6_1) : ARRAY_SIZE(checks_6_12);

	/* undefined symbols have no section to compare */
	if (!*tosec)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		const struct sectioncheck *m = fmt == KBP_MODPOST_5_10 ? &checks_5_10[i].c : &v[i];

		if (!match(fromsec, m->fromsec))
			continue;
		if (m->bad_tosec && match(tosec, m->bad_tosec))
			return m;
		if (m->good_tosec && !match(tosec, m->good_tosec))
			return m;
	}
	return NULL;
}

static bool is_executable_section(const struct secref *c, uint32_t secndx)
{
	GElf_Shdr sh;

	if (secndx >= kelf_nsections(c->k)) {
		if (c->mp->fmt <= KBP_MODPOST_6_1)
			mp_fatal(c->mp, "section_index is outside elf->num_sections!\n");
		return false;
	}
	return kelf_shdr(c->k, secndx, &sh) == 0 && (sh.sh_flags & SHF_EXECINSTR);
}

/* an __ex_table entry pointing into .altinstr_replacement (both series) */
_noreturn_ static void extable_blacklisted(struct secref *c, const struct ref *r)
{
	mp_fatal(c->mp,
		 "The relocation at %s+0x%lx references\n"
		 "section \"%s\" which is black-listed.\n"
		 "Something is seriously wrong and should be fixed.\n"
		 "You might get more information about where this is\n"
		 "coming from by using scripts/check_extable.sh %s\n",
		 r->fromsec, (long)r->faddr, r->tosec, c->modname);
}

/* ---- 6.1 ---------------------------------------------------------------- */

static bool is_valid_name_6_1(const char *name)
{
	/* empty, or an ARM mapping symbol ($a, $d, $t, $x, optionally ".<n>") */
	if (!name[0])
		return false;
	return !(name[0] == '$' && strchr("adtx", name[1]) && name[1] &&
		 (name[2] == '\0' || name[2] == '.'));
}

/* find_elf_symbol2(): the last valid symbol at the highest address <= addr
 * in a section of that name */
static long find_fromsym_6_1(const struct secref *c, uint64_t addr, const char *sec)
{
	uint64_t distance = UINT64_MAX;
	long near = -1;

	for (size_t i = 0; i < kelf_nsyms(c->k); i++) {
		GElf_Sym s;
		size_t shndx;
		const char *name;

		get_sym(c, i, &s, &shndx, &name);
		if (s.st_shndx != SHN_XINDEX && s.st_shndx >= SHN_LORESERVE)
			continue;
		if (strcmp(sec_name(c, (uint32_t)shndx), sec) || !is_valid_name_6_1(name))
			continue;
		if (s.st_value <= addr && addr - s.st_value <= distance) {
			distance = addr - s.st_value;
			near = (long)i;
		}
	}
	return near;
}

/* find_elf_symbol(): a named target as is; else a symbol of its section
 * within 20 bytes of the addend (which the kernel keeps as a 32-bit int) */
static long find_tosym_6_1(const struct secref *c, int32_t addr, const struct ref *r)
{
	uint32_t secndx = mp_sym_secindex(&r->tsym, r->tshndx);
	int32_t distance = 20;
	long near = -1;

	if (r->tsym.st_name != 0)
		return (long)r->tsymidx;
	for (size_t i = 0; i < kelf_nsyms(c->k); i++) {
		GElf_Sym s;
		size_t shndx;
		const char *name;
		uint64_t a = c->is64 ? (uint64_t)(int64_t)addr : (uint32_t)addr;
		int32_t d;

		get_sym(c, i, &s, &shndx, &name);
		if (mp_sym_secindex(&s, shndx) != secndx || GELF_ST_TYPE(s.st_info) == STT_SECTION ||
		    !is_valid_name_6_1(name))
			continue;
		if (s.st_value == a)
			return (long)i;
		d = (int32_t)(uint32_t)(s.st_value - a);
		if (d < 0)
			d = (int32_t)(uint32_t)(a - s.st_value);
		if (d < distance) {
			distance = d;
			near = (long)i;
		}
	}
	return near;
}

static const char *sym_name_6_1(const struct secref *c, long idx, GElf_Sym *s)
{
	const char *name;
	size_t shndx;

	if (idx < 0)
		return "(unknown)";
	get_sym(c, (size_t)idx, s, &shndx, &name);
	return name;
}

/* the whitelist patterns 5.10 and 6.1 share: module parameters, .head.text,
 * the init section bounds, compiler-made local labels */
static bool whitelisted_common_6_1(const char *fromsec, const char *fromsym, const char *tosec,
				   const char *tosym)
{
	const char *const *data = PATTERNS(DATA_SECTIONS);

	if (match(tosec, PATTERNS(".init.setup", ".init.rodata", ".meminit.rodata", ".init.data",
				  ".meminit.data")) &&
	    match(fromsec, data) && str_starts_with(fromsym, "__param"))
		return true;
	if (!strcmp(tosec, ".init.text") && match(fromsec, data) && str_starts_with(fromsym, "__param_ops_"))
		return true;
	if (match(fromsec, PATTERNS(".head.text*")) && match(tosec, PATTERNS(".init.*", ".meminit.*")))
		return true;
	if (match(tosym, PATTERNS("__init_begin", "_sinittext", "_einittext")))
		return true;
	return str_starts_with(fromsym, ".L");
}

static bool whitelisted_6_1(const struct secref *c, const char *fromsec, const char *fromsym,
			    const char *tosec, const char *tosym)
{
	const char *const *data = PATTERNS(DATA_SECTIONS);

	if (whitelisted_common_6_1(fromsec, fromsym, tosec, tosym))
		return true;
	if (match(fromsec, data) && match(tosec, PATTERNS(".init.*", ".meminit.*", ".exit.*")) &&
	    match(fromsym, PATTERNS("*_template", "*_timer", "*_sht", "*_ops", "*_probe",
				    "*_probe_one", "*_console")))
		return true;
	if (match(fromsec, data) && match(tosec, PATTERNS(".meminit.*")) && match(fromsym, PATTERNS("*driver")))
		return true;
	if (!c->mp->extra_warn && match(fromsec, data) && match(tosec, PATTERNS(".exit.*")) &&
	    match(fromsym, PATTERNS("*driver")))
		return true;
	return match(fromsec, PATTERNS(".init.text", ".meminit.text", ".exit.text", TEXT_SECTIONS,
				       OTHER_TEXT_SECTIONS)) &&
	       match(tosec, PATTERNS(".init.*", ".meminit.*")) && match(fromsym, PATTERNS("*.constprop.*"));
}

static void pretty_name(const GElf_Sym *s, bool found, const char **name, const char **p)
{
	if (!found) {
		*name = "(unknown reference)";
		*p = "";
	} else if (GELF_ST_TYPE(s->st_info) == STT_FUNC) {
		*name = "function";
		*p = "()";
	} else {
		*name = "variable";
		*p = "";
	}
}

/* 5.10 tells the fault address of an entry (its first word: the entry size
 * is twice the offset of the second relocation of __ex_table) from the
 * fixup address */
_noreturn_ static void extable_not_executable_5_10(struct secref *c, const struct ref *r)
{
	uint64_t size = c->mp->extable_entry_size;

	if (r->faddr && !size)
		mp_fatal(c->mp, "extable_entry size hasn't been discovered!\n");
	if (!r->faddr || r->faddr % size == 0)
		mp_fatal(c->mp,
			 "The relocation at %s+0x%lx references\n"
			 "section \"%s\" which is not executable, IOW\n"
			 "it is not possible for the kernel to fault\n"
			 "at that address.  Something is seriously wrong\n"
			 "and should be fixed.\n",
			 r->fromsec, (long)r->faddr, r->tosec);
	mp_fatal(c->mp,
		 "The relocation at %s+0x%lx references\n"
		 "section \"%s\" which is not executable, IOW\n"
		 "the kernel will fault if it ever tries to\n"
		 "jump to it.  Something is seriously wrong\n"
		 "and should be fixed.\n",
		 r->fromsec, (long)r->faddr, r->tosec);
}

static void extable_mismatch_6_1(struct secref *c, const struct sectioncheck *m, const struct ref *r)
{
	GElf_Sym fs = { 0 }, ts = { 0 };
	long from = find_fromsym_6_1(c, r->faddr, r->fromsec);
	long to = find_tosym_6_1(c, (int32_t)r->addend, r);
	const char *fromsym = sym_name_6_1(c, from, &fs), *tosym = sym_name_6_1(c, to, &ts);
	const char *fn, *fp, *tn, *tp;
	uint32_t tsec = mp_sym_secindex(&r->tsym, r->tshndx);
	long off = (long)r->faddr;

	c->mp->sec_mismatch_count++;
	pretty_name(&fs, from >= 0, &fn, &fp);
	pretty_name(&ts, to >= 0, &tn, &tp);
	mp_warn(c->mp, "%s(%s+0x%lx): Section mismatch in reference from the %s %s%s to the %s %s:%s%s\n",
		c->modname, r->fromsec, off, fn, fromsym, fp, tn, r->tosec, tosym, tp);
	if (!match(r->tosec, m->bad_tosec) && is_executable_section(c, tsec))
		fprintf(stderr,
			"The relocation at %s+0x%lx references\n"
			"section \"%s\" which is not in the list of\n"
			"authorized sections.  If you're adding a new section\n"
			"and/or if this reference is valid, add \"%s\" to the\n"
			"list of authorized sections to jump to on fault.\n"
			"This can be achieved by adding \"%s\" to \n"
			"OTHER_TEXT_SECTIONS in scripts/mod/modpost.c.\n",
			r->fromsec, off, r->tosec, r->tosec, r->tosec);
	if (match(r->tosec, m->bad_tosec))
		extable_blacklisted(c, r);
	else if (!is_executable_section(c, tsec) && c->mp->fmt == KBP_MODPOST_5_10)
		extable_not_executable_5_10(c, r);
	else if (!is_executable_section(c, tsec))
		mp_error(c->mp, "%s+0x%lx references non-executable section '%s'\n", r->fromsec, off, r->tosec);
}

static void mismatch_6_1(struct secref *c, const struct sectioncheck *m, const struct ref *r)
{
	GElf_Sym s;
	const char *fromsym, *tosym;

	if (m->mismatch == MM_EXTABLE) {
		extable_mismatch_6_1(c, m, r);
		return;
	}
	fromsym = sym_name_6_1(c, find_fromsym_6_1(c, r->faddr, r->fromsec), &s);
	tosym = sym_name_6_1(c, find_tosym_6_1(c, (int32_t)r->addend, r), &s);
	if (whitelisted_6_1(c, r->fromsec, fromsym, r->tosec, tosym))
		return;
	c->mp->sec_mismatch_count++;
	if (m->mismatch == MM_EXPORT)
		mp_warn(c->mp, "%s: EXPORT_SYMBOL used for init/exit symbol: %s (section: %s)\n", c->modname,
			tosym, r->tosec);
	else
		mp_warn(c->mp, "%s: section mismatch in reference: %s (section: %s) -> %s (section: %s)\n",
			c->modname, fromsym, r->fromsec, tosym, r->tosec);
}

/* ---- 5.10 ---------------------------------------------------------------- */

static bool whitelisted_5_10(const struct sectioncheck_5_10 *m, const char *fromsec, const char *fromsym,
			     const char *tosec, const char *tosym)
{
	if (whitelisted_common_6_1(fromsec, fromsym, tosec, tosym))
		return true;
	/* each check has its own list of data that may point there */
	if (match(tosec, PATTERNS(ALL_INIT_5_10, ALL_EXIT_5_10)) && match(fromsec, PATTERNS(DATA_SECTIONS)) &&
	    match(fromsym, m->symbol_white_list))
		return true;
	return match(fromsec, PATTERNS(ALL_TEXT_SECTIONS_5_10)) && match(tosec, PATTERNS(ALL_INIT_5_10)) &&
	       match(fromsym, PATTERNS("*.constprop.*"));
}

/* sec2annotation(): ".init.text" -> "__init ", ".meminit.rodata" ->
 * "__meminitconst ", ".exit.data" -> "__exitdata "; other sections "" */
static void annotation_5_10(const char *sec, char *out, size_t size)
{
	const char *rest;
	size_t n;

	if (!match(sec, PATTERNS(ALL_INIT_5_10, ALL_EXIT_5_10))) {
		out[0] = '\0';
		return;
	}
	sec++;
	n = strcspn(sec, ".");
	rest = sec[n] ? sec + n + 1 : sec + n;
	snprintf(out, size, "__%.*s%s", (int)n, sec,
		 strstr(rest, "rodata") ? "const " : strstr(rest, "data") ? "data " : " ");
}

static void print_symbol_white_list(const char *const *list)
{
	for (; list && *list; list++)
		fprintf(stderr, "%s%s", *list, list[1] ? ", " : "");
	fprintf(stderr, "\n");
}

/* report_sec_mismatch(): the warning, then what the kind of reference means */
static void report_5_10(struct secref *c, const struct sectioncheck_5_10 *m, const struct ref *r, const char *fromsym,
			const GElf_Sym *fs, bool from_found, const char *tosym, const GElf_Sym *ts, bool to_found)
{
	const char *from, *from_p, *to, *to_p;
	char prl_from[64], prl_to[64];

	c->mp->sec_mismatch_count++;
	pretty_name(fs, from_found, &from, &from_p);
	pretty_name(ts, to_found, &to, &to_p);
	mp_warn(c->mp, "%s(%s+0x%llx): Section mismatch in reference from the %s %s%s to the %s %s:%s%s\n",
		c->modname, r->fromsec, (unsigned long long)r->faddr, from, fromsym, from_p, to, r->tosec, tosym,
		to_p);
	annotation_5_10(r->fromsec, prl_from, sizeof(prl_from));
	annotation_5_10(r->tosec, prl_to, sizeof(prl_to));
	switch (m->kind) {
	case TEXT_TO_ANY_INIT:
		fprintf(stderr,
			"The function %s%s() references\n"
			"the %s %s%s%s.\n"
			"This is often because %s lacks a %s\n"
			"annotation or the annotation of %s is wrong.\n",
			prl_from, fromsym, to, prl_to, tosym, to_p, fromsym, prl_to, tosym);
		break;
	case DATA_TO_ANY_INIT:
	case DATA_TO_ANY_EXIT:
		fprintf(stderr,
			"The variable %s references\n"
			"the %s %s%s%s\n"
			"If the reference is valid then annotate the\n"
			"variable with %s or name the variable:\n",
			fromsym, to, prl_to, tosym, to_p,
			m->kind == DATA_TO_ANY_INIT ? "__init* or __refdata (see linux/init.h)" :
						      "__exit* (see linux/init.h)");
		print_symbol_white_list(m->symbol_white_list);
		break;
	case TEXT_TO_ANY_EXIT:
		fprintf(stderr,
			"The function %s() references a %s in an exit section.\n"
			"Often the %s %s%s has valid usage outside the exit section\n"
			"and the fix is to remove the %sannotation of %s.\n",
			fromsym, to, to, tosym, to_p, prl_to, tosym);
		break;
	case XXXINIT_TO_SOME_INIT:
	case XXXEXIT_TO_SOME_EXIT:
		fprintf(stderr,
			"The %s %s%s%s references\n"
			"a %s %s%s%s.\n"
			"If %s is only used by %s then\n"
			"annotate %s with a matching annotation.\n",
			from, prl_from, fromsym, from_p, to, prl_to, tosym, to_p, tosym, fromsym, tosym);
		break;
	case ANY_INIT_TO_ANY_EXIT:
	case ANY_EXIT_TO_ANY_INIT: {
		bool init = m->kind == ANY_INIT_TO_ANY_EXIT;

		fprintf(stderr,
			"The %s %s%s%s references\n"
			"a %s %s%s%s.\n"
			"This is often seen when error handling in the %s function\n"
			"uses functionality in the %s path.\n"
			"The fix is often to remove the %sannotation of\n"
			"%s%s so it may be used outside an %s section.\n",
			from, prl_from, fromsym, from_p, to, prl_to, tosym, to_p, init ? "init" : "exit",
			init ? "exit" : "init", prl_to, tosym, to_p, init ? "exit" : "init");
		break;
	}
	case EXPORT_TO_INIT_EXIT:
		fprintf(stderr,
			"The symbol %s is exported and annotated %s\n"
			"Fix this by removing the %sannotation of %s or drop the export.\n",
			tosym, prl_to, prl_to, tosym);
		break;
	case EXTABLE_TO_NON_TEXT:
		mp_fatal(c->mp, "There's a special handler for this mismatch type, we should never get here.");
	}
	fprintf(stderr, "\n");
}

static void mismatch_5_10(struct secref *c, const struct sectioncheck *m, const struct ref *r)
{
	const struct sectioncheck_5_10 *m5 = (const struct sectioncheck_5_10 *)m;
	GElf_Sym fs = { 0 }, ts = { 0 };
	long from, to;
	const char *fromsym, *tosym;

	if (m->mismatch == MM_EXTABLE) {
		extable_mismatch_6_1(c, m, r);
		return;
	}
	from = find_fromsym_6_1(c, r->faddr, r->fromsec);
	fromsym = sym_name_6_1(c, from, &fs);
	/* the initcall references of a module's own init code */
	if (str_starts_with(fromsym, "reference___initcall"))
		return;
	to = find_tosym_6_1(c, (int32_t)r->addend, r);
	tosym = sym_name_6_1(c, to, &ts);
	if (!whitelisted_5_10(m5, r->fromsec, fromsym, r->tosec, tosym))
		report_5_10(c, m5, r, fromsym, &fs, from >= 0, tosym, &ts, to >= 0);
}

/* ---- 6.12 --------------------------------------------------------------- */

static bool whitelisted_6_12(const struct secref *c, const char *fromsec, const char *fromsym,
			     const char *tosec, const char *tosym)
{
	const char *const *data = PATTERNS(DATA_SECTIONS);
	/* 7.2 no longer lets *_probe data point at init code; clang's
	 * promoted statics (*_ops.llvm.<hash>) count as *_ops */
	const char *const *init_users = c->mp->fmt >= KBP_MODPOST_7_2 ?
		PATTERNS("*_ops", "*_ops.llvm.*", "*_console") : PATTERNS("*_ops", "*_probe", "*_console");

	if (match(tosec, PATTERNS(".init.setup", ".init.rodata", ".init.data")) && match(fromsec, data) &&
	    str_starts_with(fromsym, "__param"))
		return true;
	if (!strcmp(tosec, ".init.text") && match(fromsec, data) && str_starts_with(fromsym, "__param_ops_"))
		return true;
	if (match(fromsec, data) && match(tosec, PATTERNS(".init.*", ".exit.*")) &&
	    match(fromsym, init_users))
		return true;
	if (str_starts_with(fromsec, ".head.text") && match(tosec, PATTERNS(".init.*")))
		return true;
	if (match(tosym, PATTERNS("__init_begin", "_sinittext", "_einittext")))
		return true;
	return match(fromsec, PATTERNS(".init.text", ".exit.text", TEXT_SECTIONS, OTHER_TEXT_SECTIONS)) &&
	       match(tosec, PATTERNS(".init.*")) && match(fromsym, PATTERNS("*.constprop.*"));
}

static void mismatch_6_12(struct secref *c, const struct sectioncheck *m, const struct ref *r)
{
	uint64_t mask = c->is64 ? UINT64_MAX : UINT32_MAX;
	uint64_t taddr = ((uint64_t)r->tsym.st_value + (uint64_t)r->addend) & mask;
	long from = mp_symsearch_nearest(c->ss, r->faddr, r->fsecndx, false, UINT64_MAX);
	GElf_Sym fs = { 0 }, ts = r->tsym;
	size_t shndx, tshndx = r->tshndx;
	const char *fromsym = "", *tosym;
	char taddr_str[16];

	if (from >= 0)
		get_sym(c, (size_t)from, &fs, &shndx, &fromsym);
	get_sym(c, r->tsymidx, &ts, &tshndx, &tosym);
	if (!mp_is_valid_name(tosym)) {
		long near = mp_symsearch_nearest(c->ss, taddr, mp_sym_secindex(&r->tsym, r->tshndx), true, 20);
		if (near >= 0)
			get_sym(c, (size_t)near, &ts, &tshndx, &tosym);
	}
	if (whitelisted_6_12(c, r->fromsec, fromsym, r->tosec, tosym))
		return;
	c->mp->sec_mismatch_count++;
	if (!tosym[0])
		snprintf(taddr_str, sizeof(taddr_str), "0x%x", (unsigned)taddr);
	mp_warn(c->mp, "%s: section mismatch in reference: %s%s0x%x (section: %s) -> %s (section: %s)\n",
		c->modname, fromsym, fromsym[0] ? "+" : "",
		(unsigned)(r->faddr - (fromsym[0] ? fs.st_value : 0)), r->fromsec,
		tosym[0] ? tosym : taddr_str, r->tosec);
	if (m->mismatch != MM_EXTABLE)
		return;
	if (match(r->tosec, m->bad_tosec))
		extable_blacklisted(c, r);
	else if (is_executable_section(c, mp_sym_secindex(&ts, tshndx)))
		mp_warn(c->mp,
			"The relocation at %s+0x%lx references\n"
			"section \"%s\" which is not in the list of\n"
			"authorized sections.  If you're adding a new section\n"
			"and/or if this reference is valid, add \"%s\" to the\n"
			"list of authorized sections to jump to on fault.\n"
			"This can be achieved by adding \"%s\" to\n"
			"OTHER_TEXT_SECTIONS in scripts/mod/modpost.c.\n",
			r->fromsec, (long)r->faddr, r->tosec, r->tosec, r->tosec);
	else
		mp_error(c->mp, "%s+0x%lx references non-executable section '%s'\n", r->fromsec,
			 (long)r->faddr, r->tosec);
}

/* 6.12: a relocation of .export_symbol names an exported symbol; the label
 * __export_symbol_<sym> it sits under holds "GPL\0" or "\0", then the
 * namespace. */
static void check_export_symbol(struct secref *c, const struct ref *r)
{
	static const char prefix[] = "__export_symbol_";
	struct modpost *mp = c->mp;
	long lab = mp_symsearch_nearest(c->ss, r->faddr, r->fsecndx, false, UINT64_MAX);
	const char *label_name = "", *name, *lic, *ns;
	GElf_Sym ls = { 0 }, ts;
	size_t shndx, len;
	const uint8_t *p, *data;
	struct mp_symbol *s;

	if (lab >= 0)
		get_sym(c, (size_t)lab, &ls, &shndx, &label_name);
	if (!str_starts_with(label_name, prefix)) {
		mp_error(mp, "%s: .export_symbol section contains strange symbol '%s'\n", c->mod->name,
			 label_name);
		return;
	}
	get_sym(c, r->tsymidx, &ts, &shndx, &name);
	if (GELF_ST_BIND(ts.st_info) != STB_GLOBAL && GELF_ST_BIND(ts.st_info) != STB_WEAK) {
		mp_error(mp, "%s: local symbol '%s' was exported\n", c->mod->name, label_name + strlen(prefix));
		return;
	}
	if (strcmp(label_name + strlen(prefix), name)) {
		mp_error(mp, "%s: .export_symbol section references '%s', but it does not seem to be an export symbol\n",
			 c->mod->name, name);
		return;
	}
	if (kelf_sym_bytes(c->k, r->fsecndx, ls.st_value, 0, &p) < 0 ||
	    kelf_section_bytes(c->k, r->fsecndx, &data, &len) < 0)
		mp_fatal(mp, "%s: bad .export_symbol entry for '%s'\n", c->objname, name);
	len -= (size_t)(p - data);
	lic = (const char *)p;
	if (!memchr(lic, '\0', len))
		mp_fatal(mp, "%s: bad .export_symbol entry for '%s'\n", c->objname, name);
	ns = lic + strlen(lic) + 1;
	if (!memchr(ns, '\0', len - strlen(lic) - 1))
		mp_fatal(mp, "%s: bad .export_symbol entry for '%s'\n", c->objname, name);
	if (strcmp(lic, "GPL") && strcmp(lic, "")) {
		mp_error(mp, "%s: unknown license '%s' was specified for '%s'\n", c->mod->name, lic, name);
		return;
	}
	s = mp_add_exported(mp, name, c->mod, !strcmp(lic, "GPL"), ns);
	s->is_func = GELF_ST_TYPE(ts.st_info) == STT_FUNC;
	if (c->is64 && c->machine == EM_PARISC && GELF_ST_TYPE(ts.st_info) == STT_LOPROC)
		s->is_func = true;
	if (match(r->tosec, PATTERNS(".init.*")))
		mp_warn(mp, "%s: %s: EXPORT_SYMBOL used for init symbol. Remove __init or EXPORT_SYMBOL.\n",
			c->mod->name, name);
	else if (match(r->tosec, PATTERNS(".exit.*")))
		mp_warn(mp, "%s: %s: EXPORT_SYMBOL used for exit symbol. Remove __exit or EXPORT_SYMBOL.\n",
			c->mod->name, name);
}

/* ---- the walk ----------------------------------------------------------- */

/* size bytes at off past a relocated place, in the file's byte order */
static uint32_t reloc_uint(const struct secref *c, const struct ref *r, uint64_t off, size_t size)
{
	const uint8_t *p;

	if (kelf_sym_bytes(c->k, r->fsecndx, r->faddr + off, size, &p) < 0)
		mp_fatal(c->mp, "%s: relocation at %s+0x%lx is outside its section\n", c->objname, r->fromsec,
			 (long)r->faddr);
	return (uint32_t)kelf_read_uint(c->k, p, size);
}
#define reloc_word(c, r, off) reloc_uint(c, r, off, 4)
#define reloc_half(c, r, off) ((uint16_t)reloc_uint(c, r, off, 2))

static int32_t sign_extend32(int32_t value, int index)
{
	uint8_t shift = (uint8_t)(31 - index);

	return (int32_t)((uint32_t)value << shift) >> shift;
}

/* SHT_REL keeps the addend in the relocated word. Returns false to skip
 * the relocation (6.1 skips types it cannot decode). For 6.12 the result
 * is taddr (the symbol value included) with (Elf_Addr)-1 for unknown
 * types; for 6.1 it is r_addend. */
static bool rel_addend(struct secref *c, struct ref *r, unsigned type)
{
	/* 5.10 decodes these as 6.1 does */
	bool v61 = c->mp->fmt <= KBP_MODPOST_6_1;
	uint32_t inst, upper, lower, sign, j1, j2;
	int32_t offset;
	int64_t unknown = v61 ? 0 : (int64_t)(c->is64 ? UINT64_MAX : UINT32_MAX);
	uint64_t sv = r->tsym.st_value;

	r->addend = unknown;
	switch (c->machine) {
	case EM_386:
		if (type == R_386_32)
			r->addend = reloc_word(c, r, 0);
		else if (type == R_386_PC32)
			r->addend = (int64_t)reloc_word(c, r, 0) + 4;
		break;
	case EM_ARM:
		switch (type) {
		case R_ARM_ABS32:
		case R_ARM_REL32:
			if (v61 && type == R_ARM_REL32)
				return false;
			r->addend = (int64_t)(uint32_t)(reloc_word(c, r, 0) + (uint32_t)sv);
			break;
		case R_ARM_PC24:
		case R_ARM_CALL:
		case R_ARM_JUMP24:
			inst = reloc_word(c, r, 0);
			r->addend = (int64_t)(uint32_t)(sign_extend32((int32_t)((inst & 0x00ffffff) << 2), 25) +
							(uint32_t)sv + 8);
			break;
		case R_ARM_MOVW_ABS_NC:
		case R_ARM_MOVT_ABS:
			if (v61)
				return false;
			inst = reloc_word(c, r, 0);
			r->addend = (int64_t)(uint32_t)(sign_extend32((int32_t)(((inst & 0xf0000) >> 4) | (inst & 0xfff)), 15) +
							(uint32_t)sv);
			break;
		case R_ARM_THM_MOVW_ABS_NC:
		case R_ARM_THM_MOVT_ABS:
			if (v61)
				return false;
			upper = reloc_half(c, r, 0);
			lower = reloc_half(c, r, 2);
			r->addend = (int64_t)(uint32_t)(sign_extend32((int32_t)(((upper & 0x000f) << 12) | ((upper & 0x0400) << 1) |
										((lower & 0x7000) >> 4) | (lower & 0x00ff)), 15) +
							(uint32_t)sv);
			break;
		case R_ARM_THM_JUMP19:
		case R_ARM_THM_PC22:
		case R_ARM_THM_JUMP24:
			/* 6.1 derives these from a host pointer: not reproducible, skipped */
			if (v61)
				return false;
			upper = reloc_half(c, r, 0);
			lower = reloc_half(c, r, 2);
			sign = (upper >> 10) & 1;
			j1 = (lower >> 13) & 1;
			j2 = (lower >> 11) & 1;
			if (type == R_ARM_THM_JUMP19) /* encoding T3 */
				offset = sign_extend32((int32_t)((sign << 20) | (j2 << 19) | (j1 << 18) |
								 ((upper & 0x03f) << 12) | ((lower & 0x07ff) << 1)), 20);
			else /* encoding T4 */
				offset = sign_extend32((int32_t)((sign << 24) | ((~(j1 ^ sign) & 1) << 23) |
								 ((~(j2 ^ sign) & 1) << 22) | ((upper & 0x03ff) << 12) |
								 ((lower & 0x07ff) << 1)), 24);
			r->addend = (int64_t)(uint32_t)(offset + (uint32_t)sv + 4);
			break;
		default:
			if (v61)
				return false;
		}
		break;
	case EM_MIPS:
		if (type == R_MIPS_HI16 && v61)
			return false;
		if (type == R_MIPS_LO16 || type == R_MIPS_26 || type == R_MIPS_32) {
			inst = reloc_word(c, r, 0);
			r->addend = type == R_MIPS_LO16 ? (inst & 0xffff) :
				    type == R_MIPS_26   ? (int64_t)((inst & 0x03ffffffu) << 2) : (int64_t)inst;
		}
		break;
	default:
		if (!v61)
			mp_fatal(c->mp, "Please add code to calculate addend for this architecture\n");
	}
	/* 6.12 works with taddr; the addend already holds it */
	if (!v61)
		r->addend -= (int64_t)sv;
	return true;
}

/* symbol and type of r_info; 64-bit MIPS packs it its own way */
static void rel_type_and_sym(const struct secref *c, uint64_t info, unsigned *type, size_t *sym)
{
	if (c->machine == EM_MIPS && c->is64) {
		if (kelf_big_endian(c->k)) {
			*sym = (size_t)(info >> 32);
			*type = (unsigned)(info & 0xff);
		} else {
			*sym = (size_t)(info & 0xffffffffu);
			*type = (unsigned)(info >> 56);
		}
		return;
	}
	*sym = GELF_R_SYM(info);
	*type = (unsigned)GELF_R_TYPE(info);
}

static void check_reloc(struct secref *c, struct ref *r, const struct sectioncheck **cache,
			uint8_t *cached)
{
	uint32_t tsec = mp_sym_secindex(&r->tsym, r->tshndx);
	const struct sectioncheck *m;

	r->tosec = sec_name(c, tsec);
	if (c->mp->fmt >= KBP_MODPOST_6_12 && c->mp->module_enabled && c->export_secndx &&
	    r->fsecndx == c->export_secndx) {
		check_export_symbol(c, r);
		return;
	}
	/* the verdict depends only on (from, to) sections: once per target */
	if (tsec < kelf_nsections(c->k)) {
		if (!cached[tsec]) {
			cache[tsec] = section_mismatch(c, r->fromsec, r->tosec);
			cached[tsec] = 1;
		}
		m = cache[tsec];
	} else {
		m = section_mismatch(c, r->fromsec, r->tosec);
	}
	if (!m)
		return;
	if (c->mp->fmt == KBP_MODPOST_5_10)
		mismatch_5_10(c, m, r);
	else if (c->mp->fmt == KBP_MODPOST_6_1)
		mismatch_6_1(c, m, r);
	else
		mismatch_6_12(c, m, r);
}

static void section_relocs(struct secref *c, size_t ri, const GElf_Shdr *rsh)
{
	size_t nsec = kelf_nsections(c->k);
	_cleanup_free_ const struct sectioncheck **cache = xcalloc(nsec, sizeof(*cache));
	_cleanup_free_ uint8_t *cached = xcalloc(nsec, 1);
	struct ref r = { .fsecndx = rsh->sh_info };

	r.fromsec = sec_name(c, r.fsecndx);
	if (match(r.fromsec, white_list(c->mp)))
		return;
	for (size_t i = 0; i < kelf_nrelocs(c->k, ri); i++) {
		GElf_Rela rela;
		unsigned type;
		const char *name;

		if (kelf_reloc(c->k, ri, i, &rela) < 0)
			mp_fatal(c->mp, "%s: bad relocation %zu in %s\n", c->objname, i, kelf_section_name(c->k, ri));
		rel_type_and_sym(c, rela.r_info, &type, &r.tsymidx);
		r.faddr = rela.r_offset;
		get_sym(c, r.tsymidx, &r.tsym, &r.tshndx, &name);
		if (rsh->sh_type == SHT_RELA) {
			r.addend = rela.r_addend;
		} else if (!rel_addend(c, &r, type)) {
			continue;
		}
		if (c->mp->fmt >= KBP_MODPOST_6_1 && c->machine == EM_RISCV && type == 39 /* R_RISCV_SUB32 */ &&
		    !strcmp(r.fromsec, "__ex_table"))
			continue;
		if (c->mp->fmt >= KBP_MODPOST_6_12 && c->machine == EM_LOONGARCH) {
			if (type == 55 /* R_LARCH_SUB32 */ && !strcmp(r.fromsec, "__ex_table"))
				continue;
			if (type == 100 /* R_LARCH_RELAX */ || type == 102 /* R_LARCH_ALIGN */)
				continue;
		}
		/* 6.1 skips targets in reserved sections (absolute, common) */
		if (c->mp->fmt <= KBP_MODPOST_6_1 && r.tsym.st_shndx != SHN_XINDEX &&
		    r.tsym.st_shndx >= SHN_LORESERVE)
			continue;
		/* 5.10: the offset of the second relocation in __ex_table is half
		 * an entry (once per run) */
		if (c->mp->fmt == KBP_MODPOST_5_10 && i == 1 && !strcmp(r.fromsec, "__ex_table") &&
		    !c->mp->extable_entry_size)
			c->mp->extable_entry_size = r.faddr * 2;
		check_reloc(c, &r, cache, cached);
	}
}

void mp_check_sec_ref(struct modpost *mp, struct mp_module *mod, struct kelf *k, const char *objname)
{
	struct secref c = {
		.mp = mp, .mod = mod, .k = k, .objname = objname,
		.modname = mp->fmt <= KBP_MODPOST_6_1 ? objname : mod->name,
		.machine = kelf_ehdr(k)->e_machine, .is64 = kelf_is64(k),
		.export_secndx = kelf_find_section(k, ".export_symbol"),
	};

	if (mp->fmt >= KBP_MODPOST_6_12)
		c.ss = mp_symsearch_new(k);
	c.cut_names = cut_names(&c);
	for (size_t i = 0; i < kelf_nsections(k); i++) {
		GElf_Shdr sh;
		const char *sec;

		if (kelf_shdr(k, i, &sh) < 0)
			mp_fatal(mp, "%s: bad section header %zu\n", objname, i);
		sec = kelf_section_name(k, i);
		if (sh.sh_type == SHT_PROGBITS && !(sh.sh_flags & SHF_ALLOC) &&
		    !match(sec, white_list(mp)))
			mp_warn(mp, "%s (%s): unexpected non-allocatable section.\n"
				    "Did you forget to use \"ax\"/\"aw\" in a .S file?\n"
				    "Note that for example <linux/init.h> contains\n"
				    "section definitions for use in .S files.\n\n",
				c.modname, sec);
		if (sh.sh_type == SHT_REL || sh.sh_type == SHT_RELA)
			section_relocs(&c, i, &sh);
	}
	free(c.ss);
	for (size_t i = 0; i < kelf_nsyms(k); i++)
		free(c.cut_names[i]);
	free(c.cut_names);
}
