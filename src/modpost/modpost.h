/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kbuild-modpost: the kernel's scripts/mod/modpost for M= builds,
 * reimplemented on libelf for kernels 5.10, 6.1, 6.12 and 7.2. What differs
 * between the series is keyed on mp->fmt (formats are ordered: a test
 * "fmt >= KBP_MODPOST_7_2" means 7.2 and later). */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "kernel/kversion.h"
#include "shared/macro.h"
#include "shared/array.h"
#include "shared/strbuf.h"

struct kelf;
#include <gelf.h>

/* 5.10: how a symbol is exported (its ___ksymtab<kind>+ section, its
 * Module.symvers column), in the kernel's order */
enum mp_export {
	MP_EXPORT_PLAIN,
	MP_EXPORT_UNUSED,
	MP_EXPORT_GPL,
	MP_EXPORT_UNUSED_GPL,
	MP_EXPORT_GPL_FUTURE,
	MP_EXPORT_UNKNOWN,
};

struct mp_symbol {
	struct mp_symbol *hnext; /* exported-symbol hash chain, newest first */
	struct mp_module *module; /* 5.10: the last module that exported it */
	const char *ns;          /* NULL: no namespace (5.10, 6.1); 6.12 always sets it; interned (mp_intern) */
	uint32_t crc;
	bool crc_valid;
	bool weak;
	bool is_func;
	bool gpl_only;
	bool used; /* 6.12 -t: some module uses it */
	bool is_static;         /* 5.10: no global symbol of that name in its object */
	enum mp_export export;  /* 5.10 */
	size_t seq;             /* 5.10: creation order (its hash chains are newest first) */
	char name[];
};

/* a MODULE_ALIAS() from a device table */
struct mp_alias {
	char *builtin_modname; /* 7.2 vmlinux: the built-in module it belongs to */
	char str[];
};

struct mp_module {
	char *name;            /* object path without ".o" */
	const char *dump_file; /* the -i file it came from; NULL for objects */
	bool is_vmlinux, has_init, has_cleanup, is_gpl_compatible, seen;
	unsigned addr_size; /* sizeof(Elf_Addr) of the target */
	struct ptrarray exports;    /* struct mp_symbol * */
	struct ptrarray unresolved; /* struct mp_symbol * */
	struct ptrarray imported_ns, missing_ns; /* char * */
	struct ptrarray aliases;    /* struct mp_alias * */
	char *no_trim_symbol;       /* 7.2: .no_trim_symbol, names symbol_get() looks up */
	size_t no_trim_symbol_len;
	char srcversion[25];
	struct mp_module *hnext; /* the modules of the same name hash, oldest first */
};

struct modpost {
	enum kbp_modpost_format fmt;
	const char *objtree; /* the kernel build directory ($objtree, else ".") */
	bool modversions, all_versions, external_module, warn_unresolved;
	bool basic_modversions, extended_modversions; /* 7.2: -b, -x */
	bool ignore_missing_files, allow_missing_ns_imports, extra_warn;
	bool module_enabled, sec_mismatch_warn_only, trim_unused_exports;
	bool error_occurred;
	bool have_vmlinux; /* 5.10: some module is vmlinux (an object or a dump line) */
	unsigned nr_unresolved, sec_mismatch_count;
	uint64_t extable_entry_size; /* 5.10: learnt from the second __ex_table relocation */
	struct ptrarray modules; /* struct mp_module * */
	struct mp_module **mod_hash; /* by name: a dump names thousands of modules */
	size_t mod_hash_size;
	struct ptrarray ns_pool; /* every namespace named once: a few dozen for 30,000 exports */
	struct mp_symbol **hash;
	size_t hash_size, nexported;
	struct devtable_offsets *offsets; /* loaded on first device table */
};

/* messages, exactly as the kernel's modpost prints them */
void mp_warn(struct modpost *mp, const char *fmt, ...) _printf_(2, 3);
void mp_error(struct modpost *mp, const char *fmt, ...) _printf_(2, 3);
void mp_log(struct modpost *mp, bool is_error, const char *fmt, ...) _printf_(3, 4);
/* an ERROR line that does not fail the run (5.10's merror() left the exit
 * status to its callers) */
void mp_error_nofail(struct modpost *mp, const char *fmt, ...) _printf_(2, 3);
_noreturn_ void mp_fatal(struct modpost *mp, const char *fmt, ...) _printf_(2, 3);
/* perror(path) then exit(1), as read_text_file() does */
_noreturn_ void mp_perror_exit(const char *path, int err);
/* whole text file or perror+exit */
char *mp_read_text_file(const char *path);
/* appends like buf_printf(); fatal on lines of 500 bytes or more */
void mp_buf_printf(struct modpost *mp, struct strbuf *b, const char *fmt, ...) _printf_(3, 4);

/* symbols.c */
struct mp_module *mp_module_new(struct modpost *mp, const char *name, size_t len);
struct mp_module *mp_module_find_dump(struct modpost *mp, const char *dump_file, const char *name);
struct mp_symbol *mp_symbol_alloc(const char *name);
/* The one copy of namespace ns, which lives as long as mp. */
const char *mp_intern(struct modpost *mp, const char *ns);
struct mp_symbol *mp_find_symbol(struct modpost *mp, const char *name, const struct mp_module *mod);
struct mp_symbol *mp_add_exported(struct modpost *mp, const char *name, struct mp_module *mod,
				  bool gpl_only, const char *ns);
void mp_add_unresolved(struct mp_module *mod, const char *name, bool weak);
/* 5.10: one symbol per name; a second export of it is a warning, or (-e,
 * another external module) takes it over */
struct mp_symbol *mp_add_exported_5_10(struct modpost *mp, const char *name, struct mp_module *mod,
				       enum mp_export export);
const char *mp_export_str(enum mp_export e);
enum mp_export mp_export_no(const char *s);
/* 5.10: every exported symbol in the order of the kernel's hash table
 * (its Module.symvers and "is a static" order); free the array */
struct mp_symbol **mp_symbols_in_hash_order(struct modpost *mp, size_t *n);
bool mp_contains_ns(struct modpost *mp, const struct ptrarray *list, const char *ns);
void mp_add_ns(struct modpost *mp, struct ptrarray *list, const char *ns);
/* 7.2: a "module:a,b*" namespace that names modname (tail globs) */
bool mp_verify_module_ns(const char *ns, const char *modname);
void mp_keep_no_trim_symbols(struct modpost *mp, struct mp_module *mod);
void mp_free(struct modpost *mp);
/* the length of a symbol name without a ".<digits>" suffix (and what
 * follows it), as modpost's remove_dot() cuts it in the string table: what
 * its later checks see */
size_t mp_remove_dot_len(const char *s);
/* "foo.123" and "foo.123.x" name the same symbol as "foo" (compiler
 * clones): s, or "foo" in tmp */
const char *mp_remove_dot(const char *s, char *tmp, size_t tmplen);

/* dump.c: Module.symvers in (-i) and out (-o) with the kernel modpost's
 * messages; the line format itself is kernel/symvers.c's. */
void mp_read_dump(struct modpost *mp, const char *fname);
void mp_write_dump(struct modpost *mp, const char *fname);

/* objects.c */
void mp_read_symbols(struct modpost *mp, const char *objname);

/* symsearch.c: symbols by (section, address), as the 6.12 kernel's */
struct mp_symsearch;
uint32_t mp_sym_secindex(const GElf_Sym *sym, size_t shndx);
bool mp_is_valid_name(const char *name);
struct mp_symsearch *mp_symsearch_new(const struct kelf *k);
/* index of the symbol nearest to addr in section secndx, or -1 */
long mp_symsearch_nearest(const struct mp_symsearch *s, uint64_t addr, uint32_t secndx,
			  bool allow_negative, uint64_t min_distance);

/* secref.c: section mismatches, non-allocated sections, 6.12 exports */
void mp_check_sec_ref(struct modpost *mp, struct mp_module *mod, struct kelf *k, const char *objname);

/* crc.c */
void mp_set_crcs(struct modpost *mp, struct mp_module *mod);
/* 5.10: the CRC a __crc_<name> symbol of the object holds */
void mp_handle_modversion(struct modpost *mp, const struct mp_module *mod, struct kelf *k,
			  const GElf_Sym *sym, size_t shndx, const char *name);

/* srcversion.c */
/* name: the module ("dir/x": dir/x.mod lists its objects one a line); 5.10:
 * its object ("dir/x.o": the first line of dir/x.mod lists them) */
void mp_get_src_version(struct modpost *mp, const char *name, char *sum, unsigned sumlen);
struct md4_ctx {
	uint32_t hash[4];
	uint32_t block[16];
	uint64_t byte_count;
};
void mp_md4_init(struct md4_ctx *c);
void mp_md4_update(struct md4_ctx *c, const unsigned char *data, unsigned len);
void mp_md4_final_ascii(struct md4_ctx *c, char *out, unsigned len);
/* The filtered checksum of one text: whitespace, "\\\n" and comments dropped. */
void mp_md4_parse_text(struct md4_ctx *c, const char *text, size_t len);

/* output.c */
const char *mp_basename(const char *path);
void mp_check_modname_len(struct modpost *mp, struct mp_module *mod);
void mp_check_exports(struct modpost *mp, struct mp_module *mod);
void mp_add_exported_symbols(struct modpost *mp, struct strbuf *b, struct mp_module *mod);
void mp_write_mod_c_file(struct modpost *mp, struct mp_module *mod);
void mp_write_if_changed(struct modpost *mp, struct strbuf *b, const char *fname);
void mp_write_buf(struct modpost *mp, struct strbuf *b, const char *fname);
void mp_write_namespace_deps(struct modpost *mp, const char *fname);

/* file2alias.c */
void mp_handle_moddevtable(struct modpost *mp, struct mp_module *mod, struct kelf *k,
			   const void *sym, size_t shndx, const char *symname);
void mp_alias_free(void *alias);
