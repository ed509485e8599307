// SPDX-License-Identifier: GPL-2.0-or-later
/* vmlinux-btf.c on a small synthetic "vmlinux": a PT_LOAD segment with
 * .text and .BTF, debug sections with a relocation section, a symbol table
 * with a symbol in a debug section. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdint.h>
#include <unistd.h>

#include "shared/log.h"
#include "testsuite.h"
#include "pack/steps/vmlinux-btf.h"

static char shstr[] = "\0.text\0.BTF\0.debug_info\0.rela.debug_info\0.symtab\0.strtab\0.shstrtab";
enum { N_TEXT = 1, N_BTF = 7, N_DEBUG = 12, N_RELA = 24, N_SYMTAB = 41, N_STRTAB = 49, N_SHSTRTAB = 57 };
static char strtab[] = "\0start_kernel\0debug_label";
static uint8_t text[64] = { 0x90, 0x90, 0xc3 };
static uint8_t btf[40] = { 0x9f, 0xeb, 1, 0, 24, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0 };
static uint8_t debug[100] = { 1, 2, 3, 4, 5 };

static Elf_Scn *mk(Elf *e, GElf_Word name, GElf_Word type, GElf_Xword flags, GElf_Addr addr, void *buf, size_t size,
		   Elf_Type t, GElf_Xword align, GElf_Xword entsize)
{
	Elf_Scn *s = elf_newscn(e);
	Elf_Data *d = elf_newdata(s);
	GElf_Shdr sh;

	gelf_getshdr(s, &sh);
	sh.sh_name = name;
	sh.sh_type = type;
	sh.sh_flags = flags;
	sh.sh_addr = addr;
	sh.sh_addralign = align;
	sh.sh_entsize = entsize;
	gelf_update_shdr(s, &sh);
	d->d_buf = buf;
	d->d_size = size;
	d->d_type = t;
	d->d_align = align;
	d->d_version = EV_CURRENT;
	return s;
}

/* Writes the synthetic vmlinux; with_btf false leaves .BTF out (named .BTX). */
static void make_vmlinux(const char *path, int with_btf)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0755);
	Elf *e;
	GElf_Ehdr eh;
	GElf_Phdr ph = { 0 };
	GElf_Shdr sh;
	Elf_Scn *stext;
	Elf64_Sym syms[4] = { { 0 } };
	Elf64_Rela rela[1] = { { 0 } };

	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_WRITE, NULL);
	gelf_newehdr(e, ELFCLASS64);
	gelf_getehdr(e, &eh);
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_type = ET_EXEC;
	eh.e_machine = EM_X86_64;
	eh.e_version = EV_CURRENT;
	eh.e_entry = 0x1000000;
	gelf_update_ehdr(e, &eh);
	gelf_newphdr(e, 1);

	stext = mk(e, N_TEXT, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0x1000000, text, sizeof(text), ELF_T_BYTE, 16, 0);
	if (!with_btf)
		shstr[N_BTF + 3] = 'X';
	mk(e, N_BTF, SHT_PROGBITS, SHF_ALLOC, 0x1000040, btf, sizeof(btf), ELF_T_BYTE, 4, 0);
	mk(e, N_DEBUG, SHT_PROGBITS, 0, 0, debug, sizeof(debug), ELF_T_BYTE, 1, 0);
	/* symbols: null, section symbol of .debug_info (local), debug_label in
	 * .debug_info (local), start_kernel in .text (global) */
	syms[1].st_info = ELF64_ST_INFO(STB_LOCAL, STT_SECTION);
	syms[1].st_shndx = 3;
	syms[2].st_name = 14;
	syms[2].st_info = ELF64_ST_INFO(STB_LOCAL, STT_NOTYPE);
	syms[2].st_shndx = 3;
	syms[2].st_value = 4;
	syms[3].st_name = 1;
	syms[3].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
	syms[3].st_shndx = 1;
	syms[3].st_value = 0x1000000;
	syms[3].st_size = 3;
	rela[0].r_info = ELF64_R_INFO(1, 1);
	Elf_Scn *srela = mk(e, N_RELA, SHT_RELA, SHF_INFO_LINK, 0, rela, sizeof(rela), ELF_T_RELA, 8, sizeof(Elf64_Rela));
	Elf_Scn *ssym = mk(e, N_SYMTAB, SHT_SYMTAB, 0, 0, syms, sizeof(syms), ELF_T_SYM, 8, sizeof(Elf64_Sym));
	mk(e, N_STRTAB, SHT_STRTAB, 0, 0, strtab, sizeof(strtab), ELF_T_BYTE, 1, 0);
	Elf_Scn *sshstr = mk(e, N_SHSTRTAB, SHT_STRTAB, 0, 0, shstr, sizeof(shstr), ELF_T_BYTE, 1, 0);
	gelf_getshdr(srela, &sh);
	sh.sh_link = 5;
	sh.sh_info = 3;
	gelf_update_shdr(srela, &sh);
	gelf_getshdr(ssym, &sh);
	sh.sh_link = 6;
	sh.sh_info = 3; /* first global */
	gelf_update_shdr(ssym, &sh);
	gelf_getehdr(e, &eh);
	eh.e_shstrndx = (GElf_Half)elf_ndxscn(sshstr);
	gelf_update_ehdr(e, &eh);

	elf_update(e, ELF_C_NULL); /* lay out, then point the segment at .text+.BTF */
	gelf_getshdr(stext, &sh);
	ph.p_type = PT_LOAD;
	ph.p_flags = PF_R | PF_X;
	ph.p_offset = sh.sh_offset;
	ph.p_vaddr = ph.p_paddr = sh.sh_addr;
	ph.p_filesz = ph.p_memsz = 0x40 + sizeof(btf);
	ph.p_align = 16;
	gelf_update_phdr(e, 0, &ph);
	if (elf_update(e, ELF_C_WRITE) < 0)
		fprintf(stderr, "make_vmlinux: %s\n", elf_errmsg(-1));
	elf_end(e);
	close(fd);
	shstr[N_BTF + 3] = 'F';
}

struct rd {
	int fd;
	Elf *e;
	size_t shstrndx;
};

static int rd_open(struct rd *r, const char *path)
{
	r->fd = open(path, O_RDONLY);
	r->e = r->fd >= 0 ? elf_begin(r->fd, ELF_C_READ, NULL) : NULL;
	if (!r->e || elf_getshdrstrndx(r->e, &r->shstrndx) < 0)
		return -1;
	return 0;
}

static void rd_close(struct rd *r)
{
	elf_end(r->e);
	close(r->fd);
}

static Elf_Scn *rd_find(struct rd *r, const char *name, GElf_Shdr *sh)
{
	Elf_Scn *s = NULL;
	while ((s = elf_nextscn(r->e, s)) != NULL) {
		gelf_getshdr(s, sh);
		const char *n = elf_strptr(r->e, r->shstrndx, sh->sh_name);
		if (n && !strcmp(n, name))
			return s;
	}
	return NULL;
}

static char *tmpdir(void)
{
	char *d = strdup("/tmp/kbp-unit-vmlinux.XXXXXX");
	if (!mkdtemp(d)) {
		free(d);
		return NULL;
	}
	return d;
}

static void cleanup(char *d, const char *const *files)
{
	char p[512];
	for (size_t i = 0; files[i]; i++) {
		snprintf(p, sizeof(p), "%s/%s", d, files[i]);
		unlink(p);
	}
	rmdir(d);
	free(d);
}

DEFINE_TEST(vmlinux_mode_names)
{
	assert_int_eq(vmlinux_mode_parse("btf"), VMLINUX_BTF);
	assert_int_eq(vmlinux_mode_parse("full"), VMLINUX_FULL);
	assert_int_eq(vmlinux_mode_parse("none"), VMLINUX_NONE);
	assert_int_eq(vmlinux_mode_parse("BTF"), -EINVAL);
	assert_int_eq(vmlinux_mode_parse(""), -EINVAL);
}

DEFINE_TEST(vmlinux_btf_only)
{
	static const char *const files[] = { "vmlinux", "out", "nobtf", "out2", NULL };
	char *d = tmpdir(), in[300], out[300];
	struct rd r;
	GElf_Ehdr eh;
	GElf_Shdr sh;
	size_t n, nph;
	Elf_Scn *s;

	assert_true(d);
	if (!d)
		return;
	snprintf(in, sizeof(in), "%s/vmlinux", d);
	snprintf(out, sizeof(out), "%s/out", d);
	make_vmlinux(in, 1);
	assert_int_eq(vmlinux_write_btf_only(in, out), 0);
	assert_int_eq(rd_open(&r, out), 0);
	gelf_getehdr(r.e, &eh);
	assert_int_eq(eh.e_machine, EM_X86_64);
	assert_int_eq(eh.e_type, ET_EXEC);
	assert_int_eq(eh.e_ident[EI_CLASS], ELFCLASS64);
	assert_int_eq(eh.e_entry, 0);
	elf_getshdrnum(r.e, &n);
	elf_getphdrnum(r.e, &nph);
	assert_int_eq(n, 3);
	assert_int_eq(nph, 0);
	s = rd_find(&r, ".BTF", &sh);
	assert_true(s);
	if (s) {
		Elf_Data *data = elf_rawdata(s, NULL);
		assert_int_eq(data->d_size, sizeof(btf));
		assert_true(!memcmp(data->d_buf, btf, sizeof(btf)));
		assert_int_eq(sh.sh_addr, 0x1000040);
		assert_int_eq(sh.sh_flags, SHF_ALLOC);
	}
	rd_close(&r);

	/* no .BTF: an error and no output */
	snprintf(in, sizeof(in), "%s/nobtf", d);
	snprintf(out, sizeof(out), "%s/out2", d);
	make_vmlinux(in, 0);
	log_set_level(LOG_QUIET);
	assert_int_eq(vmlinux_write_btf_only(in, out), -ENOENT);
	assert_int_eq(vmlinux_write_btf_only("/etc/hostname", out), -ENOEXEC);
	assert_int_eq(vmlinux_write_stripped("/etc/hostname", out), -ENOEXEC);
	log_set_level(LOG_INFO);
	assert_true(access(out, F_OK) < 0);
	cleanup(d, files);
}

DEFINE_TEST(vmlinux_stripped)
{
	static const char *const files[] = { "vmlinux", "out", NULL };
	char *d = tmpdir(), in[300], out[300];
	struct rd a, b;
	GElf_Shdr sh, sh2;
	GElf_Phdr p1, p2;
	Elf_Scn *s;
	size_t n;

	assert_true(d);
	if (!d)
		return;
	snprintf(in, sizeof(in), "%s/vmlinux", d);
	snprintf(out, sizeof(out), "%s/out", d);
	make_vmlinux(in, 1);
	assert_int_eq(vmlinux_write_stripped(in, out), 0);
	assert_int_eq(rd_open(&a, in), 0);
	assert_int_eq(rd_open(&b, out), 0);
	elf_getshdrnum(b.e, &n);
	assert_int_eq(n, 6); /* null .text .BTF .symtab .strtab .shstrtab */
	assert_false(rd_find(&b, ".debug_info", &sh));
	assert_false(rd_find(&b, ".rela.debug_info", &sh));
	gelf_getphdr(a.e, 0, &p1);
	gelf_getphdr(b.e, 0, &p2);
	assert_true(!memcmp(&p1, &p2, sizeof(p1)));
	/* .text and .BTF stay where the segment says they are */
	rd_find(&a, ".text", &sh);
	s = rd_find(&b, ".text", &sh2);
	assert_int_eq(sh.sh_offset, sh2.sh_offset);
	assert_true(s && !memcmp(elf_rawdata(s, NULL)->d_buf, text, sizeof(text)));
	rd_find(&a, ".BTF", &sh);
	rd_find(&b, ".BTF", &sh2);
	assert_int_eq(sh.sh_offset, sh2.sh_offset);
	/* the symbol table: links remapped, debug symbols voided */
	s = rd_find(&b, ".symtab", &sh);
	assert_true(s);
	if (s) {
		Elf_Data *data = elf_getdata(s, NULL);
		GElf_Sym sym;
		assert_int_eq(sh.sh_link, 4);
		assert_int_eq(sh.sh_info, 3);
		assert_int_eq(data->d_size, 4 * sizeof(Elf64_Sym));
		gelf_getsym(data, 1, &sym);
		assert_int_eq(sym.st_shndx, 0);
		assert_int_eq(sym.st_info, 0);
		gelf_getsym(data, 2, &sym);
		assert_int_eq(sym.st_name, 0);
		gelf_getsym(data, 3, &sym);
		assert_int_eq(sym.st_shndx, 1);
		assert_int_eq(sym.st_value, 0x1000000);
		assert_str_eq(elf_strptr(b.e, sh.sh_link, sym.st_name), "start_kernel");
	}
	rd_close(&a);
	rd_close(&b);
	cleanup(d, files);
}
