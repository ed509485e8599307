// SPDX-License-Identifier: GPL-2.0-or-later
/* read_symbols(): one module object -> exports, unresolved symbols,
 * .modinfo facts, device-table aliases, srcversion and CRCs. */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel/kelf.h"
#include "shared/alloc.h"
#include "shared/str.h"
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

static bool ignore_undef_symbol(const struct modpost *mp, uint16_t machine, const char *name)
{
	static const char *const ppc[] = { "_restgpr_", "_savegpr_", "_rest32gpr_", "_save32gpr_",
					   "_restvr_", "_savevr_" };
	static const char *const ppc64[] = { "_restgpr0_", "_savegpr0_", "_restvr_", "_savevr_",
					     "_restgpr1_", "_savegpr1_", "_restfpr_", "_savefpr_" };
	/* 5.10 knows the first four */
	size_t nppc64 = mp->fmt == KBP_MODPOST_5_10 ? 4 : ARRAY_SIZE(ppc64);

	if (!strcmp(name, "__this_module") || !strcmp(name, "_GLOBAL_OFFSET_TABLE_"))
		return true;
	if (machine == EM_PPC)
		for (size_t i = 0; i < ARRAY_SIZE(ppc); i++)
			if (str_starts_with(name, ppc[i]))
				return true;
	if (machine == EM_PPC64) {
		for (size_t i = 0; i < nppc64; i++)
			if (str_starts_with(name, ppc64[i]))
				return true;
		if (!strcmp(name, ".TOC."))
			return true;
	}
	/* 7.2: section bounds the final link defines */
	if (mp->fmt >= KBP_MODPOST_7_2 && (str_starts_with(name, "__start_") || str_starts_with(name, "__stop_")))
		return true;
	return false;
}

/* 5.10: the kind of export, from the ___ksymtab<kind>+<sym> section */
static enum mp_export export_from_secname(struct kelf *k, size_t shndx)
{
	static const struct {
		const char *prefix;
		enum mp_export export;
	} kinds[] = {
		{ "___ksymtab+", MP_EXPORT_PLAIN },
		{ "___ksymtab_unused+", MP_EXPORT_UNUSED },
		{ "___ksymtab_gpl+", MP_EXPORT_GPL },
		{ "___ksymtab_unused_gpl+", MP_EXPORT_UNUSED_GPL },
		{ "___ksymtab_gpl_future+", MP_EXPORT_GPL_FUTURE },
	};
	const char *secname = shndx < kelf_nsections(k) ? kelf_section_name(k, shndx) : "";

	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++)
		if (str_starts_with(secname, kinds[i].prefix))
			return kinds[i].export;
	return MP_EXPORT_UNKNOWN;
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
		if (ignore_undef_symbol(mp, machine, name))
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
		if (mp->fmt == KBP_MODPOST_5_10 && str_starts_with(name, "__ksymtab_"))
			mp_add_exported_5_10(mp, name + strlen("__ksymtab_"), mod, export_from_secname(k, shndx));
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

/* 6.1 and 5.10: __kstrtabns_<sym> is the namespace string of an export;
 * 5.10: __crc_<sym> its CRC, in the same walk */
static void update_namespaces_and_crcs(struct modpost *mp, struct mp_module *mod, struct kelf *k)
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
		name = mp_remove_dot(name, tmp, sizeof(tmp));
		if (mp->fmt == KBP_MODPOST_5_10 && str_starts_with(name, "__crc_")) {
			mp_handle_modversion(mp, mod, k, &sym, shndx, name + strlen("__crc_"));
			continue;
		}
		if (!str_starts_with(name, "__kstrtabns_"))
			continue;
		name += strlen("__kstrtabns_");
		if (kelf_sym_bytes(k, shndx, sym.st_value, 0, &p) < 0 ||
		    kelf_section_bytes(k, shndx, &data, &len) < 0 ||
		    !memchr(p, '\0', len - (size_t)(p - data)))
			mp_fatal(mp, "bad namespace string for symbol %s\n", name);
		ns = (const char *)p;
		s = mp_find_symbol(mp, name, NULL);
		if (!s && mp->fmt == KBP_MODPOST_5_10) {
			/* its printf() shows the empty namespace as NULL */
			mp_error_nofail(mp, "Could not update namespace(%s) for symbol %s\n", ns[0] ? ns : "(null)",
					name);
			continue;
		}
		if (!s) {
			mp_error(mp, "Could not update namespace(%s) for symbol %s\n", ns, name);
			continue;
		}
		s->ns = ns[0] ? mp_intern(mp, ns) : NULL;
	}
}

/* 5.10: an export whose object has a global symbol of that name is not static */
static void mark_global_exports(struct modpost *mp, struct kelf *k)
{
	char tmp[512];

	for (size_t i = 0; i < kelf_nsyms(k); i++) {
		GElf_Sym sym;
		size_t shndx;
		const char *name;
		struct mp_symbol *s;
		int bind;

		if (kelf_sym(k, i, &sym, &shndx, &name) < 0)
			continue;
		bind = GELF_ST_BIND(sym.st_info);
		if (bind != STB_GLOBAL && bind != STB_WEAK)
			continue;
		s = mp_find_symbol(mp, mp_remove_dot(name, tmp, sizeof(tmp)), NULL);
		if (s)
			s->is_static = false;
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
	if (mp->fmt >= KBP_MODPOST_6_12 && id[EI_DATA] != ELFDATA2LSB && id[EI_DATA] != ELFDATA2MSB)
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
	/* kelf takes the descriptor over */
	r = kelf_open_fd(fd, k);
	fd = -1;
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

static void check_sections(struct modpost *mp, struct kelf *k, const char *objname, struct modinfo *mi,
			   struct modinfo *no_trim)
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
		} else if (mp->fmt >= KBP_MODPOST_7_2 && !strcmp(kelf_section_name(k, i), ".no_trim_symbol")) {
			const uint8_t *d;

			if (kelf_section_bytes(k, i, &d, &no_trim->len) < 0)
				mp_fatal(mp, "%s: cannot read .no_trim_symbol\n", objname);
			no_trim->p = (const char *)d;
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
	struct modinfo mi = { 0 }, no_trim = { 0 };
	struct mp_module *mod;
	char tmp[512];

	/* 5.10 takes any name and drops its last two characters */
	if (mp->fmt == KBP_MODPOST_5_10 && strlen(objname) < 2)
		mp_fatal(mp, "%s: filename must be suffixed with .o\n", objname);
	if (mp->fmt >= KBP_MODPOST_6_1 && !str_ends_with(objname, ".o")) {
		mp_error(mp, "%s: filename must be suffixed with .o\n", objname);
		return;
	}
	if (!open_object(mp, objname, &k))
		return;
	check_sections(mp, k, objname, &mi, &no_trim);

	mod = mp_module_new(mp, objname, strlen(objname) - 2);
	mod->addr_size = kelf_is64(k) ? 8 : 4;
	if (no_trim.len) {
		/* NUL-terminated copy: the section outlives the ELF handle */
		mod->no_trim_symbol = xcalloc(1, no_trim.len + 1);
		memcpy(mod->no_trim_symbol, no_trim.p, no_trim.len);
		mod->no_trim_symbol_len = no_trim.len;
	}

	if (!mod->is_vmlinux) {
		const char *lic = NULL, *ns;
		size_t pos = 0;

		lic = modinfo_next(&mi, "license", &pos);
		if (!lic)
			mp_log(mp, mp->fmt >= KBP_MODPOST_6_1, "missing MODULE_LICENSE() in %s\n", objname);
		while (lic) {
			if (!license_is_gpl_compatible(lic)) {
				mod->is_gpl_compatible = false;
				break;
			}
			lic = modinfo_next(&mi, "license", &pos);
		}
		pos = 0;
		while ((ns = modinfo_next(&mi, "import_ns", &pos))) {
			/* 7.2: "module:" namespaces are granted by the exporter only */
			if (mp->fmt >= KBP_MODPOST_7_2 && str_starts_with(ns, "module:"))
				mp_error(mp, "%s: explicitly importing namespace \"%s\" is not allowed.\n",
					 mod->name, ns);
			mp_add_ns(mp, &mod->imported_ns, ns);
		}
		/* 6.12 asks for a description with -W, 7.2 always */
		if (((mp->fmt == KBP_MODPOST_6_12 && mp->extra_warn) || mp->fmt >= KBP_MODPOST_7_2) &&
		    !modinfo_get(&mi, "description"))
			mp_warn(mp, "missing MODULE_DESCRIPTION() in %s\n", objname);
	}

	for (size_t i = 0; i < kelf_nsyms(k); i++) {
		GElf_Sym sym;
		size_t shndx;
		const char *name;

		if (kelf_sym(k, i, &sym, &shndx, &name) < 0)
			mp_fatal(mp, "%s: bad symbol %zu\n", objname, i);
		name = mp_remove_dot(name, tmp, sizeof(tmp));
		handle_symbol(mp, mod, k, &sym, shndx, name);
		mp_handle_moddevtable(mp, mod, k, &sym, shndx, name);
	}

	if (mp->fmt <= KBP_MODPOST_6_1)
		update_namespaces_and_crcs(mp, mod, k);
	if (mp->fmt == KBP_MODPOST_5_10)
		mark_global_exports(mp, k);
	mp_check_sec_ref(mp, mod, k, objname);

	if (!mod->is_vmlinux && (modinfo_get(&mi, "version") || mp->all_versions))
		mp_get_src_version(mp, mp->fmt == KBP_MODPOST_5_10 ? objname : mod->name, mod->srcversion,
				   sizeof(mod->srcversion) - 1);

	kelf_free(k);
	k = NULL;

	if (mp->modversions) {
		/* versions module_layout, which no export prototype covers */
		mp_add_unresolved(mod, "module_layout", false);
		if (mp->fmt >= KBP_MODPOST_6_1)
			mp_set_crcs(mp, mod);
	}
	/* 5.10 lists unresolved symbols newest first: module_layout, then
	 * the symbol table backwards */
	if (mp->fmt == KBP_MODPOST_5_10)
		ptrarray_reverse(&mod->unresolved);
}
