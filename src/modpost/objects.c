// SPDX-License-Identifier: GPL-2.0-or-later
/* read_symbols(): one module object -> exports, unresolved symbols,
 * .modinfo facts, device-table aliases, srcversion and CRCs. */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

#include "kelf.h"
#include "modpost.h"

static const char *license_gpl[] = {
	"GPL", "GPL v2", "GPL and additional rights", "Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL",
};

static bool license_is_gpl_compatible(const char *l)
{
	for (size_t i = 0; i < ARRAY_SIZE(license_gpl); i++)
		if (strcmp(l, license_gpl[i]) == 0)
			return true;
	return false;
}

struct modinfo {
	const char *p;
	size_t len;
};

/* Next "tag=value" after *pos (NUL separated, padding skipped); NULL at the end. */
static const char *modinfo_next(const struct modinfo *mi, const char *tag, size_t *pos)
{
	size_t taglen = strlen(tag);

	while (*pos < mi->len) {
		const char *s = mi->p + *pos;
		size_t n = strnlen(s, mi->len - *pos);

		*pos += n + 1;
		if (n > taglen && memcmp(s, tag, taglen) == 0 && s[taglen] == '=')
			return s + taglen + 1;
	}
	return NULL;
}

static const char *modinfo_get(const struct modinfo *mi, const char *tag)
{
	size_t pos = 0;
	return modinfo_next(mi, tag, &pos);
}

/* "foo.123" and "foo.123.x" name the same symbol as "foo" (compiler clones) */
static const char *remove_dot(const char *s, char *tmp, size_t tmplen)
{
	size_t n = strcspn(s, ".");

	if (n && s[n]) {
		size_t m = strspn(s + n + 1, "0123456789");
		if (m && (s[n + m + 1] == '.' || s[n + m + 1] == 0)) {
			if (n < tmplen) {
				memcpy(tmp, s, n);
				tmp[n] = '\0';
				return tmp;
			}
		}
	}
	return s;
}

static bool ignore_undef_symbol(uint16_t machine, const char *name)
{
	static const char *const ppc[] = { "_restgpr_", "_savegpr_", "_rest32gpr_", "_save32gpr_",
					   "_restvr_", "_savevr_" };
	static const char *const ppc64[] = { "_restgpr0_", "_savegpr0_", "_restgpr1_", "_savegpr1_",
					     "_restfpr_", "_savefpr_", "_restvr_", "_savevr_" };

	if (!strcmp(name, "__this_module") || !strcmp(name, "_GLOBAL_OFFSET_TABLE_"))
		return true;
	if (machine == EM_PPC)
		for (size_t i = 0; i < ARRAY_SIZE(ppc); i++)
			if (str_starts_with(name, ppc[i]))
				return true;
	if (machine == EM_PPC64) {
		for (size_t i = 0; i < ARRAY_SIZE(ppc64); i++)
			if (str_starts_with(name, ppc64[i]))
				return true;
		if (!strcmp(name, ".TOC."))
			return true;
	}
	return false;
}

static void handle_symbol(struct modpost *mp, struct mp_module *mod, struct kelf *k,
			  const GElf_Sym *sym, size_t shndx, const char *name)
{
	uint16_t machine = kelf_ehdr(k)->e_machine;

	switch (sym->st_shndx) {
	case SHN_COMMON:
		if (!str_starts_with(name, "__gnu_lto_"))
			mp_warn(mp, "\"%s\" [%s] is COMMON symbol\n", name, mod->name);
		break;
	case SHN_UNDEF: {
		_cleanup_free_ char *munged = NULL;
		int bind = GELF_ST_BIND(sym->st_info);

		if (bind != STB_GLOBAL && bind != STB_WEAK)
			break;
		if (ignore_undef_symbol(machine, name))
			break;
		if (mp->fmt == KBP_MODPOST_6_1 && machine == EM_S390 &&
		    str_starts_with(name, "__s390_indirect_jump_r"))
			break;
		if (machine == EM_SPARC || machine == EM_SPARCV9) {
			if (GELF_ST_TYPE(sym->st_info) == STT_SPARC_REGISTER)
				break;
			if (name[0] == '.') {
				munged = xstrdup(name);
				munged[0] = '_';
				munged[1] = (char)toupper((unsigned char)munged[1]);
				name = munged;
			}
		}
		mp_add_unresolved(mod, name, bind == STB_WEAK);
		break;
	}
	default:
		if (mp->fmt == KBP_MODPOST_6_1 && str_starts_with(name, "__ksymtab_")) {
			const char *secname = shndx < kelf_nsections(k) ? kelf_section_name(k, shndx) : "";
			const char *exp = name + strlen("__ksymtab_");

			if (str_starts_with(secname, "___ksymtab_gpl+"))
				mp_add_exported(mp, exp, mod, true, NULL);
			else if (str_starts_with(secname, "___ksymtab+"))
				mp_add_exported(mp, exp, mod, false, NULL);
		}
		if (!strcmp(name, "init_module"))
			mod->has_init = true;
		if (!strcmp(name, "cleanup_module"))
			mod->has_cleanup = true;
		break;
	}
}

/* 6.1: __kstrtabns_<sym> is the namespace string of an export */
static void update_namespaces_6_1(struct modpost *mp, struct kelf *k)
{
	char tmp[512];

	for (size_t i = 0; i < kelf_nsyms(k); i++) {
		GElf_Sym sym;
		size_t shndx;
		const char *name, *ns;
		const uint8_t *p;
		const uint8_t *data;
		size_t len;
		struct mp_symbol *s;

		if (kelf_sym(k, i, &sym, &shndx, &name) < 0)
			continue;
		name = remove_dot(name, tmp, sizeof(tmp));
		if (!str_starts_with(name, "__kstrtabns_"))
			continue;
		name += strlen("__kstrtabns_");
		if (kelf_sym_bytes(k, shndx, sym.st_value, 0, &p) < 0 ||
		    kelf_section_bytes(k, shndx, &data, &len) < 0 ||
		    !memchr(p, '\0', len - (size_t)(p - data)))
			mp_fatal(mp, "bad namespace string for symbol %s\n", name);
		ns = (const char *)p;
		s = mp_find_symbol(mp, name, NULL);
		if (!s) {
			mp_error(mp, "Could not update namespace(%s) for symbol %s\n", ns, name);
			continue;
		}
		free(s->ns);
		s->ns = ns[0] ? xstrdup(ns) : NULL;
	}
}

/* symsearch.c's notion of a label name */
static bool is_mapping_symbol(const char *name)
{
	if (name[0] == '.' && name[1] == 'L')
		return true;
	if (name[0] == 'L' && name[1] == '0')
		return true;
	return name[0] == '$';
}

static bool is_valid_name(const char *name)
{
	return name[0] && !is_mapping_symbol(name);
}

struct label {
	uint64_t addr;
	size_t idx;
	const char *name;
	GElf_Sym sym;
};

static int label_cmp(const void *a, const void *b)
{
	const struct label *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* valid-named symbols of section secndx sorted by (address, index) */
static struct label *collect_labels(struct kelf *k, size_t secndx, size_t *n)
{
	struct label *v = NULL;
	size_t cap = 0;

	*n = 0;
	for (size_t i = 0; i < kelf_nsyms(k); i++) {
		GElf_Sym s;
		size_t sh;
		const char *name;

		if (kelf_sym(k, i, &s, &sh, &name) < 0 || sh != secndx || !is_valid_name(name))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			v = xrealloc(v, cap * sizeof(*v));
		}
		v[*n].addr = s.st_value;
		if (kelf_ehdr(k)->e_machine == EM_ARM && GELF_ST_TYPE(s.st_info) == STT_FUNC)
			v[*n].addr &= ~1ULL;
		v[*n].idx = i;
		v[*n].name = name;
		v[*n].sym = s;
		(*n)++;
	}
	if (*n)
		qsort(v, *n, sizeof(*v), label_cmp);
	return v;
}

/* The label covering offset off (symsearch_find_nearest(): highest address
 * <= off; on equal addresses the lowest symbol index). */
static const struct label *find_label(const struct label *v, size_t n, uint64_t off)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid].addr > off)
			hi = mid;
		else
			lo = mid + 1;
	}
	if (!hi)
		return NULL;
	hi--;
	while (hi > 0 && v[hi - 1].addr == v[hi].addr)
		hi--;
	return &v[hi];
}

/* 6.12: each relocation of .export_symbol names an exported symbol; the
 * label __export_symbol_<sym> before it holds "GPL\0" or "\0" + namespace. */
static void read_exports_6_12(struct modpost *mp, struct mp_module *mod, struct kelf *k, const char *objname)
{
	size_t esec = kelf_find_section(k, ".export_symbol");
	static const char prefix[] = "__export_symbol_";

	_cleanup_free_ struct label *labels = NULL;
	size_t nlabels = 0;

	if (!esec || !mp->module_enabled)
		return;
	labels = collect_labels(k, esec, &nlabels);
	for (size_t ri = 1; ri < kelf_nsections(k); ri++) {
		GElf_Shdr sh;

		if (kelf_shdr(k, ri, &sh) < 0 || (sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA) ||
		    sh.sh_info != esec)
			continue;
		for (size_t i = 0; i < kelf_nrelocs(k, ri); i++) {
			GElf_Rela rela;
			GElf_Sym sym;
			const struct label *lab;
			size_t shndx, label_sec = esec;
			const char *name, *label_name, *lic, *ns;
			const uint8_t *p, *data;
			size_t len;
			struct mp_symbol *s;

			if (kelf_reloc(k, ri, i, &rela) < 0 ||
			    kelf_sym(k, GELF_R_SYM(rela.r_info), &sym, &shndx, &name) < 0)
				mp_fatal(mp, "%s: bad relocation %zu in .export_symbol\n", objname, i);
			lab = find_label(labels, nlabels, rela.r_offset);
			label_name = lab ? lab->name : "";
			if (!str_starts_with(label_name, prefix)) {
				mp_error(mp, "%s: .export_symbol section contains strange symbol '%s'\n",
					 mod->name, label_name);
				continue;
			}
			if (GELF_ST_BIND(sym.st_info) != STB_GLOBAL && GELF_ST_BIND(sym.st_info) != STB_WEAK) {
				mp_error(mp, "%s: local symbol '%s' was exported\n", mod->name,
					 label_name + strlen(prefix));
				continue;
			}
			if (strcmp(label_name + strlen(prefix), name)) {
				mp_error(mp, "%s: .export_symbol section references '%s', but it does not seem to be an export symbol\n",
					 mod->name, name);
				continue;
			}
			if (kelf_sym_bytes(k, label_sec, lab->sym.st_value, 0, &p) < 0 ||
			    kelf_section_bytes(k, label_sec, &data, &len) < 0)
				mp_fatal(mp, "%s: bad .export_symbol entry for '%s'\n", objname, name);
			len -= (size_t)(p - data);
			lic = (const char *)p;
			if (!memchr(lic, '\0', len))
				mp_fatal(mp, "%s: bad .export_symbol entry for '%s'\n", objname, name);
			ns = lic + strlen(lic) + 1;
			if (!memchr(ns, '\0', len - strlen(lic) - 1))
				mp_fatal(mp, "%s: bad .export_symbol entry for '%s'\n", objname, name);
			if (strcmp(lic, "GPL") && strcmp(lic, "")) {
				mp_error(mp, "%s: unknown license '%s' was specified for '%s'\n", mod->name, lic,
					 name);
				continue;
			}
			s = mp_add_exported(mp, name, mod, !strcmp(lic, "GPL"), ns);
			s->is_func = GELF_ST_TYPE(sym.st_info) == STT_FUNC;
			if (kelf_is64(k) && kelf_ehdr(k)->e_machine == EM_PARISC &&
			    GELF_ST_TYPE(sym.st_info) == STT_LOPROC)
				s->is_func = true;
			{
				const char *sec = kelf_section_name(k, shndx);
				if (str_starts_with(sec, ".init."))
					mp_warn(mp, "%s: %s: EXPORT_SYMBOL used for init symbol. Remove __init or EXPORT_SYMBOL.\n",
						mod->name, name);
				else if (str_starts_with(sec, ".exit."))
					mp_warn(mp, "%s: %s: EXPORT_SYMBOL used for exit symbol. Remove __exit or EXPORT_SYMBOL.\n",
						mod->name, name);
			}
		}
	}
}

/* The kernel mmap()s the object; an empty file fails with EINVAL. */
static bool open_object(struct modpost *mp, const char *objname, struct kelf **k)
{
	_cleanup_close_ int fd = open(objname, O_RDONLY | O_CLOEXEC);
	unsigned char id[64];
	struct stat st;
	ssize_t n;
	int r, err;

	if (fd < 0 || fstat(fd, &st) < 0) {
		err = errno;
		goto fail;
	}
	if (st.st_size == 0) {
		err = EINVAL;
		goto fail;
	}
	n = pread(fd, id, sizeof(id), 0);
	if (n < 0) {
		err = errno;
		goto fail;
	}
	/* too small for a header: an empty .o; not ELF: silently ignored */
	if (n < 52 || memcmp(id, ELFMAG, SELFMAG) != 0)
		return false;
	if (id[EI_CLASS] == ELFCLASS64 && n < 64)
		return false;
	if (mp->fmt != KBP_MODPOST_6_1 && id[EI_DATA] != ELFDATA2LSB && id[EI_DATA] != ELFDATA2MSB)
		mp_fatal(mp, "target endian is unknown\n");
	{
		bool be = id[EI_DATA] == ELFDATA2MSB;
		uint16_t type = be ? (uint16_t)(id[16] << 8 | id[17]) : (uint16_t)(id[17] << 8 | id[16]);
		uint64_t shoff = 0;

		if (type != ET_REL)
			mp_fatal(mp, "%s: not relocatable object.", objname);
		if (id[EI_CLASS] == ELFCLASS64)
			for (int i = 0; i < 8; i++)
				shoff |= (uint64_t)id[be ? 40 + i : 47 - i] << (8 * (7 - i));
		else
			for (int i = 0; i < 4; i++)
				shoff |= (uint64_t)id[be ? 32 + i : 35 - i] << (8 * (3 - i));
		if (shoff > (uint64_t)st.st_size)
			mp_fatal(mp, "section header offset=%lu in file '%s' is bigger than filesize=%zu\n",
				 (unsigned long)shoff, objname, (size_t)st.st_size);
	}
	r = kelf_open(objname, k);
	if (r < 0)
		mp_fatal(mp, "%s: cannot read ELF object: %s\n", objname,
			 r == -EBADMSG ? kelf_errmsg() : strerror(-r));
	return true;
fail:
	if (mp->ignore_missing_files) {
		fprintf(stderr, "%s: %s (ignored)\n", objname, strerror(err));
		return false;
	}
	mp_perror_exit(objname, err);
}

static void check_sections(struct modpost *mp, struct kelf *k, const char *objname, struct modinfo *mi)
{
	int r;

	for (size_t i = 1; i < kelf_nsections(k); i++) {
		GElf_Shdr sh;

		if (kelf_shdr(k, i, &sh) < 0)
			mp_fatal(mp, "%s: bad section header %zu\n", objname, i);
		if (sh.sh_type != SHT_NOBITS && sh.sh_offset > kelf_file_size(k))
			mp_fatal(mp, "%s is truncated. sechdrs[i].sh_offset=%lu > sizeof(*hrd)=%zu\n", objname,
				 (unsigned long)sh.sh_offset, kelf_is64(k) ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr));
		if (!strcmp(kelf_section_name(k, i), ".modinfo")) {
			const uint8_t *d;

			if (sh.sh_type == SHT_NOBITS)
				mp_fatal(mp, "%s has NOBITS .modinfo\n", objname);
			r = kelf_section_bytes(k, i, &d, &mi->len);
			if (r < 0)
				mp_fatal(mp, "%s: cannot read .modinfo\n", objname);
			mi->p = (const char *)d;
		}
	}
	r = kelf_symtab(k);
	if (r == -ENOENT)
		mp_fatal(mp, "%s has no symtab?\n", objname);
	if (r < 0)
		mp_fatal(mp, "%s: cannot read the symbol table: %s\n", objname, kelf_errmsg());
}

void mp_read_symbols(struct modpost *mp, const char *objname)
{
	_cleanup_kelf_ struct kelf *k = NULL;
	struct modinfo mi = { 0 };
	struct mp_module *mod;
	char tmp[512];

	if (!str_ends_with(objname, ".o")) {
		mp_error(mp, "%s: filename must be suffixed with .o\n", objname);
		return;
	}
	if (!open_object(mp, objname, &k))
		return;
	check_sections(mp, k, objname, &mi);

	mod = mp_module_new(mp, objname, strlen(objname) - 2);
	mod->addr_size = kelf_is64(k) ? 8 : 4;

	if (!mod->is_vmlinux) {
		const char *lic = NULL, *ns;
		size_t pos = 0;

		lic = modinfo_next(&mi, "license", &pos);
		if (!lic)
			mp_error(mp, "missing MODULE_LICENSE() in %s\n", objname);
		while (lic) {
			if (!license_is_gpl_compatible(lic)) {
				mod->is_gpl_compatible = false;
				break;
			}
			lic = modinfo_next(&mi, "license", &pos);
		}
		pos = 0;
		while ((ns = modinfo_next(&mi, "import_ns", &pos)))
			mp_add_ns(mp, &mod->imported_ns, ns);
		if (mp->fmt != KBP_MODPOST_6_1 && mp->extra_warn && !modinfo_get(&mi, "description"))
			mp_warn(mp, "missing MODULE_DESCRIPTION() in %s\n", objname);
	}

	for (size_t i = 0; i < kelf_nsyms(k); i++) {
		GElf_Sym sym;
		size_t shndx;
		const char *name;

		if (kelf_sym(k, i, &sym, &shndx, &name) < 0)
			mp_fatal(mp, "%s: bad symbol %zu\n", objname, i);
		name = remove_dot(name, tmp, sizeof(tmp));
		handle_symbol(mp, mod, k, &sym, shndx, name);
		mp_handle_moddevtable(mp, mod, k, &sym, shndx, name);
	}

	if (mp->fmt == KBP_MODPOST_6_1)
		update_namespaces_6_1(mp, k);
	else
		read_exports_6_12(mp, mod, k, objname);

	if (!mod->is_vmlinux && (modinfo_get(&mi, "version") || mp->all_versions))
		mp_get_src_version(mp, mod->name, mod->srcversion, sizeof(mod->srcversion) - 1);

	kelf_free(k);
	k = NULL;

	if (mp->modversions) {
		/* versions module_layout, which no export prototype covers */
		mp_add_unresolved(mod, "module_layout", false);
		mp_set_crcs(mp, mod);
	}
}
