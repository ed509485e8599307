// SPDX-License-Identifier: GPL-2.0-or-later
/* MODULE_ALIAS() lines from __mod_<type>__<id>_device_table objects,
 * as the kernel's scripts/mod/file2alias.c writes them. Struct layouts
 * (sizes and field offsets) come from the build tree's generated
 * scripts/mod/devicetable-offsets.h; field widths are those of
 * include/linux/mod_devicetable.h, which do not vary between targets
 * except kernel_ulong_t (taken from the object's ELF class). */
#define _GNU_SOURCE
#include <stdarg.h>
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "devtable.h"
#include "kernel/kelf.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/strbuf.h"
#include "shared/path.h"
#include "shared/fileio.h"
#include "shared/str.h"
#include "modpost.h"

#define ALIAS_SIZE 500
#define OFFSETS_FILE "scripts/mod/devicetable-offsets.h"

struct f2a {
	struct modpost *mp;
	struct mp_module *mod;
	struct kelf *k;
	const char *devid; /* struct name: "pci_device_id" */
	const uint8_t *table; /* the whole __mod_..._device_table object */
	const uint8_t *entry;
	size_t id_size;
	unsigned ulong_size;
};

static const struct devtable_offsets *offsets(struct modpost *mp)
{
	if (!mp->offsets) {
		_cleanup_free_ char *path = path_join(mp->objtree, OFFSETS_FILE);
		char *text;
		int r = read_file(path, &text, NULL);

		if (r < 0)
			mp_fatal(mp, "%s: %s (kbuild-modpost reads device-id struct layouts from it)\n",
				 OFFSETS_FILE, strerror(-r));
		mp->offsets = devtable_offsets_parse(text);
		free(text);
	}
	return mp->offsets;
}

static size_t lookup(struct modpost *mp, const char *kind, const char *devid, const char *field)
{
	char name[128];
	long v;

	if (field)
		snprintf(name, sizeof(name), "%s_%s_%s", kind, devid, field);
	else
		snprintf(name, sizeof(name), "%s_%s", kind, devid);
	v = devtable_offsets_get(offsets(mp), name);
	if (v < 0)
		mp_fatal(mp, "%s does not define %s\n", OFFSETS_FILE, name);
	return (size_t)v;
}

static const uint8_t *faddr(struct f2a *c, const char *field, size_t size)
{
	size_t off = lookup(c->mp, "OFF", c->devid, field);

	if (off > c->id_size || size > c->id_size - off)
		mp_fatal(c->mp, "%s: field %s of struct %s (offset %zu, %zu bytes) lies outside its %zu-byte entry\n",
			 OFFSETS_FILE, field, c->devid, off, size, c->id_size);
	return c->entry + off;
}

static uint64_t fval(struct f2a *c, const char *field, size_t size)
{
	return kelf_read_uint(c->k, faddr(c, field, size), size);
}

/* A char array field as the kernel's "%s" reads it: from the field on to the
 * first NUL, which may lie past the field (a name that fills its array runs
 * on into the next bytes of the table, as in the kernel). The all-zero last
 * entry that device_id_check() insists on bounds it inside the table. */
static const char *fstr(struct f2a *c, const char *field, size_t size)
{
	return (const char *)faddr(c, field, size);
}

static void alias_addf(char *alias, const char *fmt, ...) _printf_(2, 3);
static void alias_addf(char *alias, const char *fmt, ...)
{
	size_t len = strlen(alias);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(alias + len, ALIAS_SIZE - len, fmt, ap);
	va_end(ap);
}

static void ADD(char *alias, const char *sep, bool cond, uint64_t v, size_t size)
{
	alias_addf(alias, "%s", sep);
	if (!cond)
		alias_addf(alias, "*");
	else if (size == 1)
		alias_addf(alias, "%02X", (unsigned)v);
	else if (size == 2)
		alias_addf(alias, "%04X", (unsigned)v);
	else if (size == 4)
		alias_addf(alias, "%08X", (unsigned)v);
}

static void add_wildcard(char *alias)
{
	size_t len = strlen(alias);

	if (len && alias[len - 1] != '*' && len + 1 < ALIAS_SIZE)
		strcat(alias, "*");
}

/* 7.2 builds input and dmi aliases after their prefix in a 256-byte
 * buffer (alias_append()) and stops at an overflow */
#define ALIAS_BUF_7_2 256

static void alias_append(struct f2a *c, char *alias, size_t prefix_len, const char *fmt, ...) _printf_(4, 5);
static void alias_append(struct f2a *c, char *alias, size_t prefix_len, const char *fmt, ...)
{
	size_t len = strlen(alias), have = ALIAS_BUF_7_2 - (len - prefix_len);
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(alias + len, ALIAS_SIZE - len, fmt, ap);
	va_end(ap);
	if (c->mp->fmt >= KBP_MODPOST_7_2 && (n < 0 || (size_t)n >= have))
		mp_fatal(c->mp, "alias buffer (%d) overflow on append (need %d, have %zu)\n", ALIAS_BUF_7_2, n, have);
}

void mp_alias_free(void *p)
{
	struct mp_alias *a = p;

	free(a->builtin_modname);
	free(a);
}

/* One MODULE_ALIAS(). 7.2 (module_alias_printf()) drops duplicates; 6.x
 * formats the line at once, where one of 500 bytes or more is fatal. */
static void emit(struct f2a *c, const char *alias)
{
	struct ptrarray *aliases = &c->mod->aliases;
	size_t n = strlen(alias);
	struct mp_alias *a;

	/* our alias buffer stops at ALIAS_SIZE - 1 characters; 5.10's is
	 * overrun (undefined), and a line this long it does not refuse */
	if (c->mp->fmt == KBP_MODPOST_5_10 && n >= ALIAS_SIZE - 1)
		mp_fatal(c->mp, "%s: a device-table alias of %d characters or more overruns the alias buffer of 5.10's modpost: not supported\n",
			 c->mod->name, ALIAS_SIZE - 1);
	if (c->mp->fmt >= KBP_MODPOST_7_2) {
		for (size_t i = 0; i < aliases->n; i++)
			if (!strcmp(((struct mp_alias *)aliases->v[i])->str, alias))
				return;
	} else {
		struct strbuf line = { 0 };

		mp_buf_printf(c->mp, &line, "MODULE_ALIAS(\"%s\");\n", alias);
		strbuf_release(&line);
	}
	a = xcalloc(1, sizeof(*a) + n + 1);
	memcpy(a->str, alias, n + 1);
	ptrarray_push(aliases, a);
}

/* ---- aliases made of fixed fields ---- */

/* prefix, then for each field its separator and %0NX, or "*" where the
 * entry leaves the field open: value == any, or (with a flags field) its
 * match flag unset; optionally a trailing "*" */
struct afield {
	const char *sep, *field;
	unsigned size;
	uint64_t any;
	unsigned flag;
};

struct fields_alias {
	const char *prefix, *flags_field;
	unsigned flags_size;
	bool wildcard;
	struct afield f[5];
};

static void add_fields(struct f2a *c, char *alias, const struct fields_alias *a)
{
	uint64_t flags = a->flags_field ? fval(c, a->flags_field, a->flags_size) : 0;

	strcpy(alias, a->prefix);
	for (const struct afield *f = a->f; f < a->f + ARRAY_SIZE(a->f) && f->sep; f++) {
		uint64_t v = fval(c, f->field, f->size);

		ADD(alias, f->sep, a->flags_field ? (flags & f->flag) != 0 : v != f->any, v, f->size);
	}
	if (a->wildcard)
		add_wildcard(alias);
}

static const struct fields_alias hid_fields = {
	"hid:", NULL, 0, false,
	{ { "b", "bus", 2, 0xffff, 0 },
	  { "g", "group", 2, 0, 0 },
	  { "v", "vendor", 4, 0xffffffff, 0 },
	  { "p", "product", 4, 0xffffffff, 0 } },
};

static const struct fields_alias ieee1394_fields = {
	"ieee1394:", "match_flags", 4, true,
	{ { "ven", "vendor_id", 4, 0, 0x1 },
	  { "mo", "model_id", 4, 0, 0x2 },
	  { "sp", "specifier_id", 4, 0, 0x4 },
	  { "ver", "version", 4, 0, 0x8 } },
};

static const struct fields_alias serio_fields = {
	"serio:", NULL, 0, true,
	{ { "ty", "type", 1, 0xff, 0 },
	  { "pr", "proto", 1, 0xff, 0 },
	  { "id", "id", 1, 0xff, 0 },
	  { "ex", "extra", 1, 0xff, 0 } },
};

static const struct fields_alias virtio_fields = {
	"virtio:", NULL, 0, true,
	{ { "d", "device", 4, 0xffffffff, 0 },
	  { "v", "vendor", 4, 0xffffffff, 0 } },
};

static const struct fields_alias zorro_fields = {
	"zorro:", NULL, 0, false,
	{ { "i", "id", 4, 0xffffffff, 0 } },
};

static const struct fields_alias ccw_fields = {
	"ccw:", "match_flags", 2, true,
	{ { "t", "cu_type", 2, 0, 0x1 },
	  { "m", "cu_model", 1, 0, 0x2 },
	  { "dt", "dev_type", 2, 0, 0x4 },
	  { "dm", "dev_model", 1, 0, 0x8 } },
};

static const struct fields_alias parisc_fields = {
	"parisc:", NULL, 0, true,
	{ { "t", "hw_type", 1, 0xff, 0 },
	  { "hv", "hversion", 2, 0xffff, 0 },
	  { "rev", "hversion_rev", 1, 0xff, 0 },
	  { "sv", "sversion", 4, 0xffffffff, 0 } },
};

static const struct fields_alias sdio_fields = {
	"sdio:", NULL, 0, true,
	{ { "c", "class", 1, 0xff, 0 },
	  { "v", "vendor", 2, 0xffff, 0 },
	  { "d", "device", 2, 0xffff, 0 } },
};

static const struct fields_alias ssb_fields = {
	"ssb:", NULL, 0, true,
	{ { "v", "vendor", 2, 0xffff, 0 },
	  { "id", "coreid", 2, 0xffff, 0 },
	  { "rev", "revision", 1, 0xff, 0 } },
};

static const struct fields_alias bcma_fields = {
	"bcma:", NULL, 0, true,
	{ { "m", "manuf", 2, 0xffff, 0 },
	  { "id", "id", 2, 0xffff, 0 },
	  { "rev", "rev", 1, 0xff, 0 },
	  { "cl", "class", 1, 0xff, 0 } },
};

static const struct fields_alias i3c_fields = {
	"i3c:", "match_flags", 1, false,
	{ { "dcr", "dcr", 1, 0, 0x1 },
	  { "manuf", "manuf_id", 2, 0, 0x2 },
	  { "part", "part_id", 2, 0, 0x4 },
	  { "ext", "extra_info", 2, 0, 0x8 } },
};

static const struct fields_alias ipack_fields = {
	"ipack:", NULL, 0, true,
	{ { "f", "format", 1, 0xff, 0 },
	  { "v", "vendor", 4, 0xffffffff, 0 },
	  { "d", "device", 4, 0xffffffff, 0 } },
};

static const struct fields_alias rio_fields = {
	"rapidio:", NULL, 0, true,
	{ { "v", "vid", 2, 0xffff, 0 },
	  { "d", "did", 2, 0xffff, 0 },
	  { "av", "asm_vid", 2, 0xffff, 0 },
	  { "ad", "asm_did", 2, 0xffff, 0 } },
};

static const struct fields_alias hda_fields = {
	"hdaudio:", NULL, 0, true,
	{ { "v", "vendor_id", 4, 0, 0 },
	  { "r", "rev_id", 4, 0, 0 },
	  { "a", "api_version", 1, 0, 0 } },
};

static const struct fields_alias sdw_fields = {
	"sdw:", NULL, 0, true,
	{ { "m", "mfg_id", 2, 0, 0 },
	  { "p", "part_id", 2, 0, 0 },
	  { "v", "sdw_version", 1, 0, 0 },
	  { "c", "class_id", 1, 0, 0 } },
};

/* ---- table entries with their own rules ---- */

static int do_pci_entry(struct f2a *c, char *alias)
{
	uint32_t vendor = (uint32_t)fval(c, "vendor", 4), device = (uint32_t)fval(c, "device", 4);
	uint32_t subvendor = (uint32_t)fval(c, "subvendor", 4), subdevice = (uint32_t)fval(c, "subdevice", 4);
	uint32_t cls = (uint32_t)fval(c, "class", 4), cls_mask = (uint32_t)fval(c, "class_mask", 4);
	/* 5.10 has no override_only */
	uint32_t override_only = c->mp->fmt >= KBP_MODPOST_6_1 ? (uint32_t)fval(c, "override_only", 4) : 0;
	unsigned char baseclass, subclass, interface, baseclass_mask, subclass_mask, interface_mask;

	switch (override_only) {
	case 0:
		strcpy(alias, "pci:");
		break;
	case 1:
		strcpy(alias, "vfio_pci:");
		break;
	default:
		/* 7.2 goes on with an uninitialised prefix (garbage): both skip it */
		mp_warn(c->mp, "Unknown PCI driver_override alias %08X\n", override_only);
		return 0;
	}
	ADD(alias, "v", vendor != 0xffffffff, vendor, 4);
	ADD(alias, "d", device != 0xffffffff, device, 4);
	ADD(alias, "sv", subvendor != 0xffffffff, subvendor, 4);
	ADD(alias, "sd", subdevice != 0xffffffff, subdevice, 4);

	baseclass = (unsigned char)(cls >> 16);
	baseclass_mask = (unsigned char)(cls_mask >> 16);
	subclass = (unsigned char)(cls >> 8);
	subclass_mask = (unsigned char)(cls_mask >> 8);
	interface = (unsigned char)cls;
	interface_mask = (unsigned char)cls_mask;

	if ((baseclass_mask != 0 && baseclass_mask != 0xFF) || (subclass_mask != 0 && subclass_mask != 0xFF) ||
	    (interface_mask != 0 && interface_mask != 0xFF)) {
		mp_warn(c->mp, "Can't handle masks in %s:%04X\n", c->mod->name, cls_mask);
		return 0;
	}
	ADD(alias, "bc", baseclass_mask == 0xFF, baseclass, 1);
	ADD(alias, "sc", subclass_mask == 0xFF, subclass, 1);
	ADD(alias, "i", interface_mask == 0xFF, interface, 1);
	add_wildcard(alias);
	return 1;
}

/* 5.10 and 6.1 read acpi cls and cls_msk in the build machine's byte order (no
 * TO_NATIVE): for a target of the other byte order the class comes out
 * swapped, and so must ours; 6.12 reads them in the target's order */
static uint32_t acpi_cls_field(struct f2a *c, const char *field)
{
	uint32_t v;

	if (c->mp->fmt >= KBP_MODPOST_6_12)
		return (uint32_t)fval(c, field, 4);
	memcpy(&v, faddr(c, field, 4), 4);
	return v;
}

static int do_acpi_entry(struct f2a *c, char *alias)
{
	const char *id = fstr(c, "id", 16);
	uint32_t cls = acpi_cls_field(c, "cls"), cls_msk = acpi_cls_field(c, "cls_msk");

	if (strlen(id)) {
		snprintf(alias, ALIAS_SIZE, "acpi*:%s:*", id);
	} else {
		strcpy(alias, "acpi*:");
		for (int i = 1; i <= 3; i++) {
			int byte_shift = 8 * (3 - i);
			unsigned msk = (cls_msk >> byte_shift) & 0xFF;

			if (msk)
				alias_addf(alias, "%02x", (cls >> byte_shift) & 0xFF);
			else
				alias_addf(alias, "??");
		}
		alias_addf(alias, ":*");
	}
	return 1;
}

static void do_input(struct f2a *c, char *alias, const char *field, unsigned nwords, unsigned min, unsigned max)
{
	unsigned bits = c->ulong_size * 8;
	const uint8_t *arr = faddr(c, field, (size_t)nwords * c->ulong_size);

	for (unsigned i = min; i <= max; i++) {
		uint64_t w;

		if (i / bits >= nwords)
			break;
		w = kelf_read_uint(c->k, arr + (i / bits) * c->ulong_size, c->ulong_size);
		if (w & (1ULL << (i % bits)))
			alias_append(c, alias, strlen("input:"), "%X,*", i);
	}
}

static int do_input_entry(struct f2a *c, char *alias)
{
	/* the highest bit of each: max up to 6.12, max_7_2 in 7.2 */
	static const struct {
		const char *sep, *field;
		unsigned flag, min, max, max_7_2;
	} bitmaps[] = {
		{ "-e*", "evbit", 0x0010, 0, 0x1f, 0x1f },
		{ "k*", "keybit", 0x0020, 0x71, 0x2ff, 0x2ff },
		{ "r*", "relbit", 0x0040, 0, 0x0f, 0x0f },
		{ "a*", "absbit", 0x0080, 0, 0x3f, 0x3f },
		{ "m*", "mscbit", 0x0100, 0, 0x07, 0x07 },
		{ "l*", "ledbit", 0x0200, 0, 0x0f, 0x0f },
		{ "s*", "sndbit", 0x0400, 0, 0x07, 0x07 },
		{ "f*", "ffbit", 0x0800, 0, 0x7f, 0x7f },
		{ "w*", "swbit", 0x1000, 0, 0x10, 0x11 },
	};
	unsigned bits = c->ulong_size * 8;
	uint64_t flags = fval(c, "flags", c->ulong_size);

	strcpy(alias, "input:");
	ADD(alias, "b", flags & 1, fval(c, "bustype", 2), 2);
	ADD(alias, "v", flags & 2, fval(c, "vendor", 2), 2);
	ADD(alias, "p", flags & 4, fval(c, "product", 2), 2);
	ADD(alias, "e", flags & 8, fval(c, "version", 2), 2);

	for (size_t i = 0; i < ARRAY_SIZE(bitmaps); i++) {
		unsigned max = c->mp->fmt >= KBP_MODPOST_7_2 ? bitmaps[i].max_7_2 : bitmaps[i].max;
		/* 5.10 stops before the highest bit */
		unsigned last = c->mp->fmt == KBP_MODPOST_5_10 ? max - 1 : max;

		alias_append(c, alias, strlen("input:"), "%s", bitmaps[i].sep);
		if (flags & bitmaps[i].flag)
			do_input(c, alias, bitmaps[i].field, max / bits + 1, bitmaps[i].min, last);
	}
	return 1;
}

static int do_vmbus_entry(struct f2a *c, char *alias)
{
	const uint8_t *g = faddr(c, "guid", 16);

	strcpy(alias, "vmbus:");
	for (int i = 0; i < 16; i++)
		alias_addf(alias, "%02x", g[i]);
	return 1;
}

static int do_rpmsg_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "rpmsg:%s", fstr(c, "name", 32));
	return 1;
}

static int do_i2c_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "i2c:%s", fstr(c, "name", 20));
	return 1;
}

static int do_spi_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "spi:%s", fstr(c, "name", 32));
	return 1;
}

static const struct {
	const char *prefix;
	int field;
} dmi_fields[] = {
	{ "bvn", 1 },  { "bvr", 2 },  { "bd", 3 },   { "br", 4 },  { "efr", 5 },
	{ "svn", 6 },  { "pn", 7 },   { "pvr", 8 },  { "rvn", 13 }, { "rn", 14 },
	{ "rvr", 15 }, { "cvn", 18 }, { "ct", 19 },  { "cvr", 20 },
};

static int do_dmi_entry(struct f2a *c, char *alias)
{
	/* struct dmi_strmatch { u8 slot:7, exact_match:1; char substr[79]; } matches[4] */
	const uint8_t *m = faddr(c, "matches", 4 * 80);
	const size_t prefix_len = strlen("dmi*");

	strcpy(alias, "dmi*");
	for (size_t i = 0; i < ARRAY_SIZE(dmi_fields); i++) {
		for (int j = 0; j < 4; j++) {
			unsigned slot = m[j * 80] & 0x7f;

			if (slot && slot == (unsigned)dmi_fields[i].field) {
				alias_append(c, alias, prefix_len, ":%s*", dmi_fields[i].prefix);
				/* the kernel's dmi_ascii_filter(), on substr as "%s" reads it */
				for (const char *s = (const char *)m + j * 80 + 1; *s; s++) {
					if (!(*s > ' ' && *s < 127 && *s != ':'))
						continue;
					if (c->mp->fmt >= KBP_MODPOST_7_2 &&
					    ALIAS_BUF_7_2 - (strlen(alias) - prefix_len) <= 1)
						mp_fatal(c->mp, "dmi_ascii_filter: alias buffer overflow\n");
					alias_addf(alias, "%c", *s);
				}
				alias_append(c, alias, prefix_len, "*");
			}
		}
	}
	/* 7.2 adds the ":" in its final printf, past the buffer */
	alias_addf(alias, ":");
	return 1;
}

static int do_platform_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "platform:%s", fstr(c, "name", 20));
	return 1;
}

static int do_mdio_entry(struct f2a *c, char *alias)
{
	uint32_t phy_id = (uint32_t)fval(c, "phy_id", 4), mask = (uint32_t)fval(c, "phy_id_mask", 4);
	char *p = alias + sprintf(alias, "mdio:");

	for (int i = 0; i < 32; i++) {
		if (!((mask >> (31 - i)) & 1))
			*p++ = '?';
		else if ((phy_id >> (31 - i)) & 1)
			*p++ = '1';
		else
			*p++ = '0';
	}
	*p = '\0';
	return 1;
}

static int do_x86cpu_entry(struct f2a *c, char *alias)
{
	uint64_t feature = fval(c, "feature", 2), family = fval(c, "family", 2);
	uint64_t model = fval(c, "model", 2), vendor = fval(c, "vendor", 2);

	strcpy(alias, "cpu:type:x86,");
	ADD(alias, "ven", vendor != 0xffff, vendor, 2);
	ADD(alias, "fam", family != 0, family, 2);
	ADD(alias, "mod", model != 0, model, 2);
	alias_addf(alias, ":feature:*");
	if (feature != 0)
		alias_addf(alias, "%04X*", (unsigned)feature);
	return 1;
}

static int do_cpu_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "cpu:type:*:feature:*%04X*", (unsigned)fval(c, "feature", 2));
	return 1;
}

static int do_auxiliary_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "auxiliary:%s", fstr(c, "name", 32));
	return 1;
}

static int do_dfl_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "dfl:t%04Xf%04X", (unsigned)fval(c, "type", 2),
		 (unsigned)fval(c, "feature_id", 2));
	add_wildcard(alias);
	return 1;
}

/* ---- the less common buses, in the kernel's order ---- */

/* ap:tN */
static int do_ap_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "ap:t%02X*", (unsigned)fval(c, "dev_type", 1));
	return 1;
}

/* css:tN */
static int do_css_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "css:t%01X", (unsigned)fval(c, "type", 1));
	return 1;
}

/* pcmcia:mNcNfNfnNpfnNvaNvbNvcNvdN */
static int do_pcmcia_entry(struct f2a *c, char *alias)
{
	uint64_t flags = fval(c, "match_flags", 2);
	const uint8_t *hash = faddr(c, "prod_id_hash", 4 * 4);
	static const char *const hash_prefix[4] = { "pa", "pb", "pc", "pd" };

	strcpy(alias, "pcmcia:");
	ADD(alias, "m", flags & 0x0001, fval(c, "manf_id", 2), 2);
	ADD(alias, "c", flags & 0x0002, fval(c, "card_id", 2), 2);
	ADD(alias, "f", flags & 0x0004, fval(c, "func_id", 1), 1);
	ADD(alias, "fn", flags & 0x0008, fval(c, "function", 1), 1);
	ADD(alias, "pfn", flags & 0x0100, fval(c, "device_no", 1), 1);
	for (int i = 0; i < 4; i++)
		ADD(alias, hash_prefix[i], flags & (0x0010u << i), kelf_read_uint(c->k, hash + 4 * i, 4), 4);
	add_wildcard(alias);
	return 1;
}

static void spaces_to_underscores(char *alias)
{
	for (char *t = alias; *t; t++)
		if (isspace((unsigned char)*t))
			*t = '_';
}

/* vio:TtypeScompat */
static int do_vio_entry(struct f2a *c, char *alias)
{
	const char *type = fstr(c, "type", 32), *compat = fstr(c, "compat", 32);

	snprintf(alias, ALIAS_SIZE, "vio:T%sS%s", type[0] ? type : "*", compat[0] ? compat : "*");
	spaces_to_underscores(alias);
	add_wildcard(alias);
	return 1;
}

/* eisa:sSIG (5.10's test of an empty sig looks at the array's address:
 * always true) */
static int do_eisa_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "eisa:s%s*", fstr(c, "sig", 8));
	return 1;
}

/* slim:manf:prod:* (6.12) */
static int do_slim_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "slim:%x:%x:*", (unsigned)fval(c, "manf_id", 2),
		 (unsigned)fval(c, "prod_code", 2));
	return 1;
}

/* pnp:dXXXnnnn*, decoded from the ISA PnP compressed vendor id */
static int do_isapnp_entry(struct f2a *c, char *alias)
{
	int vendor = (int)fval(c, "vendor", 2), function = (int)fval(c, "function", 2);

	snprintf(alias, ALIAS_SIZE, "pnp:d%c%c%c%x%x%x%x*", 'A' + ((vendor >> 2) & 0x3f) - 1,
		 'A' + (((vendor & 3) << 3) | ((vendor >> 13) & 7)) - 1, 'A' + ((vendor >> 8) & 0x1f) - 1,
		 (function >> 4) & 0x0f, function & 0x0f, (function >> 12) & 0x0f, (function >> 8) & 0x0f);
	return 1;
}

/* One masked hex digit: the digit, '?', or a [...] of every digit it matches. */
static void append_nibble_mask(char *alias, unsigned nibble, unsigned mask)
{
	if (mask == 0) {
		alias_addf(alias, "?");
	} else if (mask == 0xf) {
		alias_addf(alias, "%X", nibble);
	} else {
		alias_addf(alias, "[");
		for (unsigned i = 0; i < 0x10; i++)
			if ((i & mask) == nibble)
				alias_addf(alias, "%X", i);
		alias_addf(alias, "]");
	}
}

/* amba:dNNNNNNNN, each N a hex digit, ? or [...] */
static int do_amba_entry(struct f2a *c, char *alias)
{
	uint32_t id = (uint32_t)fval(c, "id", 4), mask = (uint32_t)fval(c, "mask", 4);

	if ((id & mask) != id)
		mp_fatal(c->mp,
			 "%s: Masked-off bit(s) of AMBA device ID are non-zero: id=0x%08X, mask=0x%08X.  Please fix this driver.\n",
			 c->mod->name, id, mask);
	strcpy(alias, "amba:d");
	for (unsigned digit = 0; digit < 8; digit++)
		append_nibble_mask(alias, (id >> (4 * (7 - digit))) & 0xf, (mask >> (4 * (7 - digit))) & 0xf);
	return 1;
}

/* mipscdmm:tN */
static int do_mips_cdmm_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "mipscdmm:t%02X*", (unsigned)fval(c, "type", 1));
	return 1;
}

/* 16 bytes as a uuid string: the kernel's add_uuid() (uuid_le: the first
 * three groups byte-swapped, lower case), add_guid() (the same, upper case)
 * and tee's (bytes in order, lower case). */
enum uuid_style { UUID_LE, GUID_UPPER, UUID_BE };

static void add_uuid(char *alias, const uint8_t *b, enum uuid_style style)
{
	static const uint8_t swapped[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	const char *fmt = style == GUID_UPPER ? "%02X" : "%02x";

	for (int i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			alias_addf(alias, "-");
		alias_addf(alias, fmt, b[style == UUID_BE ? i : swapped[i]]);
	}
}

/* mei:name:uuid:version:* */
static int do_mei_entry(struct f2a *c, char *alias)
{
	const char *name = fstr(c, "name", 32);
	uint64_t version = fval(c, "version", 1);

	snprintf(alias, ALIAS_SIZE, "mei:%s:", name[0] ? name : "*");
	add_uuid(alias, faddr(c, "uuid", 16), UUID_LE);
	ADD(alias, ":", version != 0xff, version, 1);
	alias_addf(alias, ":*");
	return 1;
}

/* ulpi:vNpN (lower case) */
static int do_ulpi_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "ulpi:v%04xp%04x", (unsigned)fval(c, "vendor", 2),
		 (unsigned)fval(c, "product", 2));
	return 1;
}

/* fsl-mc:vNdS */
static int do_fsl_mc_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "fsl-mc:v%08Xd%s", (unsigned)fval(c, "vendor", 2), fstr(c, "obj_type", 16));
	return 1;
}

/* tbsvc:kSpNvNrN */
static int do_tbsvc_entry(struct f2a *c, char *alias)
{
	uint64_t flags = fval(c, "match_flags", 4);

	strcpy(alias, "tbsvc:");
	if (flags & 0x0001)
		alias_addf(alias, "k%s", fstr(c, "protocol_key", 9));
	else
		alias_addf(alias, "k*");
	ADD(alias, "p", flags & 0x0002, fval(c, "protocol_id", 4), 4);
	ADD(alias, "v", flags & 0x0004, fval(c, "protocol_version", 4), 4);
	ADD(alias, "r", flags & 0x0008, fval(c, "protocol_revision", 4), 4);
	add_wildcard(alias);
	return 1;
}

/* typec:idNmN; 7.2: typec:idN */
static int do_typec_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "typec:id%04X", (unsigned)fval(c, "svid", 2));
	if (c->mp->fmt < KBP_MODPOST_7_2) {
		uint64_t mode = fval(c, "mode", 1);

		ADD(alias, "m", mode != 0x7, mode, 1);
	}
	return 1;
}

/* tee:uuid */
static int do_tee_entry(struct f2a *c, char *alias)
{
	strcpy(alias, "tee:");
	add_uuid(alias, faddr(c, "uuid", 16), UUID_BE);
	add_wildcard(alias);
	return 1;
}

/* wmi:guid, the guid string as given (it must be 36 characters) */
static int do_wmi_entry(struct f2a *c, char *alias)
{
	const char *guid = fstr(c, "guid_string", 36 + 1);

	if (strlen(guid) != 36) {
		mp_warn(c->mp, "Invalid WMI device id 'wmi:%s' in '%s'\n", guid, c->mod->name);
		return 0;
	}
	snprintf(alias, ALIAS_SIZE, "wmi:%s", guid);
	if (c->mp->fmt < KBP_MODPOST_7_2)
		return 1;
	/* 7.2: a GUID of hex digits and dashes, upper-cased */
	for (int i = 0; i < 36; i++) {
		bool dash = i == 8 || i == 13 || i == 18 || i == 23;

		if (dash ? guid[i] != '-' : !isxdigit((unsigned char)guid[i])) {
			mp_warn(c->mp, "Invalid character %c inside WMI GUID string '%s' in '%s'\n", guid[i], guid,
				c->mod->name);
			return 0;
		}
		alias[strlen("wmi:") + i] = (char)toupper((unsigned char)guid[i]);
	}
	return 1;
}

/* mhi:S */
static int do_mhi_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "mhi:%s", fstr(c, "chan", 32));
	return 1;
}

/* mhi_ep:S (the same struct mhi_device_id) */
static int do_mhi_ep_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "mhi_ep:%s", fstr(c, "chan", 32));
	return 1;
}

/* ishtp:{GUID} */
static int do_ishtp_entry(struct f2a *c, char *alias)
{
	strcpy(alias, "ishtp:{");
	add_uuid(alias, faddr(c, "guid", 16), GUID_UPPER);
	alias_addf(alias, "}");
	return 1;
}

/* ssam:dNcNtNiNfN */
static int do_ssam_entry(struct f2a *c, char *alias)
{
	uint64_t flags = fval(c, "match_flags", 1);

	snprintf(alias, ALIAS_SIZE, "ssam:d%02Xc%02X", (unsigned)fval(c, "domain", 1),
		 (unsigned)fval(c, "category", 1));
	ADD(alias, "t", flags & 0x1, fval(c, "target", 1), 1);
	ADD(alias, "i", flags & 0x2, fval(c, "instance", 1), 1);
	ADD(alias, "f", flags & 0x4, fval(c, "function", 1), 1);
	return 1;
}

/* cdx:vNdNsvNsdNcN or vfio_cdx:... (6.12) */
static int do_cdx_entry(struct f2a *c, char *alias)
{
	uint64_t vendor = fval(c, "vendor", 2), device = fval(c, "device", 2);
	uint64_t subvendor = fval(c, "subvendor", 2), subdevice = fval(c, "subdevice", 2);
	uint64_t cls = fval(c, "class", 4), class_mask = fval(c, "class_mask", 4);
	uint32_t override_only = (uint32_t)fval(c, "override_only", 4);

	switch (override_only) {
	case 0:
		strcpy(alias, "cdx:");
		break;
	case 1:
		strcpy(alias, "vfio_cdx:");
		break;
	default:
		mp_warn(c->mp, "Unknown CDX driver_override alias %08X\n", override_only);
		return 0;
	}
	ADD(alias, "v", vendor != 0xffff, vendor, 2);
	ADD(alias, "d", device != 0xffff, device, 2);
	ADD(alias, "sv", subvendor != 0xffff, subvendor, 2);
	ADD(alias, "sd", subdevice != 0xffff, subdevice, 2);
	ADD(alias, "c", class_mask == 0xffffff, cls, 4);
	return 1;
}

/* mcb:16zN (7.2) */
static int do_mcb_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "mcb:16z%03d", (int)fval(c, "device", 2));
	return 1;
}

/* vchiq:S (6.12) */
static int do_vchiq_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "vchiq:%s", fstr(c, "name", 32));
	return 1;
}

/* coreboot:tN (6.12) */
static int do_coreboot_entry(struct f2a *c, char *alias)
{
	snprintf(alias, ALIAS_SIZE, "coreboot:t%08X", (unsigned)fval(c, "tag", 4));
	return 1;
}

struct devtable {
	const char *device_id; /* __mod_<device_id>__<identifier>_device_table */
	const char *devid;     /* struct name in devicetable-offsets.h */
	int (*do_entry)(struct f2a *c, char *alias);
	const struct fields_alias *fields; /* instead of do_entry */
	enum kbp_modpost_format since;     /* the first series that knows it */
};

static const struct devtable devtable[] = {
	{ "hid", "hid_device_id", NULL, &hid_fields, KBP_MODPOST_5_10 },
	{ "ieee1394", "ieee1394_device_id", NULL, &ieee1394_fields, KBP_MODPOST_5_10 },
	{ "pci", "pci_device_id", do_pci_entry, NULL, KBP_MODPOST_5_10 },
	{ "ccw", "ccw_device_id", NULL, &ccw_fields, KBP_MODPOST_5_10 },
	{ "ap", "ap_device_id", do_ap_entry, NULL, KBP_MODPOST_5_10 },
	{ "css", "css_device_id", do_css_entry, NULL, KBP_MODPOST_5_10 },
	{ "serio", "serio_device_id", NULL, &serio_fields, KBP_MODPOST_5_10 },
	{ "acpi", "acpi_device_id", do_acpi_entry, NULL, KBP_MODPOST_5_10 },
	{ "pcmcia", "pcmcia_device_id", do_pcmcia_entry, NULL, KBP_MODPOST_5_10 },
	{ "vio", "vio_device_id", do_vio_entry, NULL, KBP_MODPOST_5_10 },
	{ "input", "input_device_id", do_input_entry, NULL, KBP_MODPOST_5_10 },
	{ "eisa", "eisa_device_id", do_eisa_entry, NULL, KBP_MODPOST_5_10 },
	{ "parisc", "parisc_device_id", NULL, &parisc_fields, KBP_MODPOST_5_10 },
	{ "sdio", "sdio_device_id", NULL, &sdio_fields, KBP_MODPOST_5_10 },
	{ "ssb", "ssb_device_id", NULL, &ssb_fields, KBP_MODPOST_5_10 },
	{ "bcma", "bcma_device_id", NULL, &bcma_fields, KBP_MODPOST_5_10 },
	{ "virtio", "virtio_device_id", NULL, &virtio_fields, KBP_MODPOST_5_10 },
	{ "vmbus", "hv_vmbus_device_id", do_vmbus_entry, NULL, KBP_MODPOST_5_10 },
	{ "rpmsg", "rpmsg_device_id", do_rpmsg_entry, NULL, KBP_MODPOST_5_10 },
	{ "i2c", "i2c_device_id", do_i2c_entry, NULL, KBP_MODPOST_5_10 },
	{ "i3c", "i3c_device_id", NULL, &i3c_fields, KBP_MODPOST_5_10 },
	{ "slim", "slim_device_id", do_slim_entry, NULL, KBP_MODPOST_6_12 },
	{ "spi", "spi_device_id", do_spi_entry, NULL, KBP_MODPOST_5_10 },
	{ "dmi", "dmi_system_id", do_dmi_entry, NULL, KBP_MODPOST_5_10 },
	{ "platform", "platform_device_id", do_platform_entry, NULL, KBP_MODPOST_5_10 },
	{ "mdio", "mdio_device_id", do_mdio_entry, NULL, KBP_MODPOST_5_10 },
	{ "zorro", "zorro_device_id", NULL, &zorro_fields, KBP_MODPOST_5_10 },
	{ "isapnp", "isapnp_device_id", do_isapnp_entry, NULL, KBP_MODPOST_5_10 },
	{ "ipack", "ipack_device_id", NULL, &ipack_fields, KBP_MODPOST_5_10 },
	{ "amba", "amba_id", do_amba_entry, NULL, KBP_MODPOST_5_10 },
	{ "mipscdmm", "mips_cdmm_device_id", do_mips_cdmm_entry, NULL, KBP_MODPOST_5_10 },
	{ "x86cpu", "x86_cpu_id", do_x86cpu_entry, NULL, KBP_MODPOST_5_10 },
	{ "cpu", "cpu_feature", do_cpu_entry, NULL, KBP_MODPOST_5_10 },
	{ "mcb", "mcb_device_id", do_mcb_entry, NULL, KBP_MODPOST_7_2 },
	{ "mei", "mei_cl_device_id", do_mei_entry, NULL, KBP_MODPOST_5_10 },
	{ "rapidio", "rio_device_id", NULL, &rio_fields, KBP_MODPOST_5_10 },
	{ "ulpi", "ulpi_device_id", do_ulpi_entry, NULL, KBP_MODPOST_5_10 },
	{ "hdaudio", "hda_device_id", NULL, &hda_fields, KBP_MODPOST_5_10 },
	{ "sdw", "sdw_device_id", NULL, &sdw_fields, KBP_MODPOST_5_10 },
	{ "fslmc", "fsl_mc_device_id", do_fsl_mc_entry, NULL, KBP_MODPOST_5_10 },
	{ "tbsvc", "tb_service_id", do_tbsvc_entry, NULL, KBP_MODPOST_5_10 },
	{ "typec", "typec_device_id", do_typec_entry, NULL, KBP_MODPOST_5_10 },
	{ "tee", "tee_client_device_id", do_tee_entry, NULL, KBP_MODPOST_5_10 },
	{ "wmi", "wmi_device_id", do_wmi_entry, NULL, KBP_MODPOST_5_10 },
	{ "mhi", "mhi_device_id", do_mhi_entry, NULL, KBP_MODPOST_5_10 },
	{ "mhi_ep", "mhi_device_id", do_mhi_ep_entry, NULL, KBP_MODPOST_6_1 },
	{ "auxiliary", "auxiliary_device_id", do_auxiliary_entry, NULL, KBP_MODPOST_6_1 },
	{ "ssam", "ssam_device_id", do_ssam_entry, NULL, KBP_MODPOST_6_1 },
	{ "dfl", "dfl_device_id", do_dfl_entry, NULL, KBP_MODPOST_6_1 },
	{ "ishtp", "ishtp_device_id", do_ishtp_entry, NULL, KBP_MODPOST_6_1 },
	{ "cdx", "cdx_device_id", do_cdx_entry, NULL, KBP_MODPOST_6_12 },
	{ "vchiq", "vchiq_device_id", do_vchiq_entry, NULL, KBP_MODPOST_6_12 },
	{ "coreboot", "coreboot_device_id", do_coreboot_entry, NULL, KBP_MODPOST_6_12 },
};

/* sizeof check and all-zero terminator, with the kernel's messages */
static void device_id_check(struct f2a *c, const char *device_id, size_t size)
{
	const char *modname = c->mod->name;
	const uint8_t *last;

	if (size % c->id_size || size < c->id_size)
		mp_fatal(c->mp,
			 "%s: sizeof(struct %s_device_id)=%lu is not a modulo of the size of section __mod_%s__<identifier>_device_table=%lu.\n"
			 "Fix definition of struct %s_device_id in mod_devicetable.h\n",
			 modname, device_id, (unsigned long)c->id_size, device_id, (unsigned long)size, device_id);
	last = c->entry + size - c->id_size;
	for (size_t i = 0; i < c->id_size; i++) {
		if (last[i]) {
			fprintf(stderr, "%s: struct %s_device_id is %lu bytes.  The last of %lu is:\n", modname,
				device_id, (unsigned long)c->id_size, (unsigned long)(size / c->id_size));
			for (i = 0; i < c->id_size; i++)
				fprintf(stderr, "0x%02x ", last[i]);
			fprintf(stderr, "\n");
			mp_fatal(c->mp, "%s: struct %s_device_id is not terminated with a NULL entry!\n", modname,
				 device_id);
		}
	}
}

/* ---- the special cases: usb (bcdDevice ranges) and of; pnp below ---- */

static void do_usb_entry(struct f2a *c, unsigned bcd_initial, int bcd_digits, unsigned char range_lo,
			 unsigned char range_hi, unsigned char max)
{
	char alias[ALIAS_SIZE];
	uint64_t flags = fval(c, "match_flags", 2);

	strcpy(alias, "usb:");
	ADD(alias, "v", flags & 0x0001, fval(c, "idVendor", 2), 2);
	ADD(alias, "p", flags & 0x0002, fval(c, "idProduct", 2), 2);
	alias_addf(alias, "d");
	if (bcd_digits)
		alias_addf(alias, "%0*X", bcd_digits, bcd_initial);
	if (range_lo == range_hi) {
		alias_addf(alias, "%X", range_lo);
	} else if (range_lo > 0 || range_hi < max) {
		if (range_lo > 0x9 || range_hi < 0xA) {
			alias_addf(alias, "[%X-%X]", range_lo, range_hi);
		} else {
			alias_addf(alias, range_lo < 0x9 ? "[%X-9" : "[%X", range_lo);
			alias_addf(alias, range_hi > 0xA ? "A-%X]" : "%X]", range_hi);
		}
	}
	if (bcd_digits < (int)(2 * 2 - 1))
		alias_addf(alias, "*");
	ADD(alias, "dc", flags & 0x0010, fval(c, "bDeviceClass", 1), 1);
	ADD(alias, "dsc", flags & 0x0020, fval(c, "bDeviceSubClass", 1), 1);
	ADD(alias, "dp", flags & 0x0040, fval(c, "bDeviceProtocol", 1), 1);
	ADD(alias, "ic", flags & 0x0080, fval(c, "bInterfaceClass", 1), 1);
	ADD(alias, "isc", flags & 0x0100, fval(c, "bInterfaceSubClass", 1), 1);
	ADD(alias, "ip", flags & 0x0200, fval(c, "bInterfaceProtocol", 1), 1);
	ADD(alias, "in", flags & 0x0400, fval(c, "bInterfaceNumber", 1), 1);
	add_wildcard(alias);
	emit(c, alias);
}

static unsigned incbcd(unsigned *bcd, int inc, unsigned char max, size_t chars)
{
	unsigned init = *bcd, i, j;
	unsigned long long cc, dec = 0;

	if (max > 0x9) {
		*bcd += (unsigned)inc;
		return init;
	}
	for (i = 0; i < chars; i++) {
		cc = (*bcd >> (i << 2)) & 0xf;
		cc = cc > 9 ? 9 : cc;
		for (j = 0; j < i; j++)
			cc = cc * 10;
		dec += cc;
	}
	dec += (unsigned long long)(long long)inc;
	*bcd = 0;
	for (i = 0; i < chars; i++) {
		for (cc = 1, j = 0; j < i; j++)
			cc = cc * 10;
		cc = (dec / cc) % 10;
		*bcd += (unsigned)(cc << (i << 2));
	}
	return init;
}

static void do_usb_entry_multi(struct f2a *c)
{
	unsigned devlo, devhi;
	unsigned char chi, clo, max;
	int ndigits;
	uint64_t flags = fval(c, "match_flags", 2);
	uint64_t idVendor = fval(c, "idVendor", 2), idProduct = fval(c, "idProduct", 2);
	uint64_t bcdlo = fval(c, "bcdDevice_lo", 2), bcdhi = fval(c, "bcdDevice_hi", 2);
	uint64_t bDeviceClass = fval(c, "bDeviceClass", 1), bInterfaceClass = fval(c, "bInterfaceClass", 1);

	devlo = flags & 0x0004 ? (unsigned)bcdlo : 0x0U;
	devhi = flags & 0x0008 ? (unsigned)bcdhi : ~0x0U;

	max = 0x9;
	for (ndigits = 0; ndigits < 2 * 2; ndigits++) {
		clo = (devlo >> (ndigits << 2)) & 0xf;
		chi = ((devhi > 0x9999 ? 0x9999 : devhi) >> (ndigits << 2)) & 0xf;
		if (clo > max || chi > max) {
			max = 0xf;
			break;
		}
	}
	if (!(idVendor | idProduct | bDeviceClass | bInterfaceClass))
		return;
	for (ndigits = 2 * 2 - 1; devlo <= devhi; ndigits--) {
		clo = devlo & 0xf;
		chi = devhi & 0xf;
		if (chi > max)
			chi = max;
		devlo >>= 4;
		devhi >>= 4;
		if (devlo == devhi || !ndigits) {
			do_usb_entry(c, devlo, ndigits, clo, chi, max);
			break;
		}
		if (clo > 0x0)
			do_usb_entry(c, incbcd(&devlo, 1, max, 2 * 2), ndigits, clo, max, max);
		if (chi < max)
			do_usb_entry(c, incbcd(&devhi, -1, max, 2 * 2), ndigits, 0x0, chi, max);
	}
}

static void do_of_entry_multi(struct f2a *c)
{
	char alias[ALIAS_SIZE];
	const char *name = fstr(c, "name", 32), *type = fstr(c, "type", 32);
	const char *compatible = fstr(c, "compatible", 128);
	int len;

	len = snprintf(alias, ALIAS_SIZE, "of:N%sT%s", name[0] ? name : "*", type[0] ? type : "*");
	if (compatible[0])
		snprintf(alias + len, ALIAS_SIZE - (size_t)len, "%sC%s", type[0] ? "*" : "", compatible);
	for (char *t = alias; *t; t++)
		if (isspace((unsigned char)*t))
			*t = '_';
	emit(c, alias);
	alias_addf(alias, "C");
	add_wildcard(alias);
	emit(c, alias);
}

/* ---- pnp and pnp_card: two aliases for every device id ---- */

#define PNP_ID_LEN 8
#define PNP_MAX_DEVICES 8

/* pnp:dID* and acpi*:ID:* upper-cased ("fix broken pnp bus lowercasing") */
static void pnp_aliases(struct f2a *c, const char *id)
{
	char alias[ALIAS_SIZE], acpi_id[PNP_ID_LEN + 1];

	snprintf(alias, sizeof(alias), "pnp:d%s*", id);
	emit(c, alias);
	for (int k = 0; k < PNP_ID_LEN; k++)
		acpi_id[k] = id[k] >= 'a' && id[k] <= 'z' ? (char)(id[k] - 'a' + 'A') : id[k];
	acpi_id[PNP_ID_LEN] = '\0';
	snprintf(alias, sizeof(alias), "acpi*:%s:*", acpi_id);
	emit(c, alias);
}

static void do_pnp_device_entry(struct f2a *c)
{
	pnp_aliases(c, fstr(c, "id", PNP_ID_LEN));
}

/* Every device id of the card that no earlier entry of the table listed. */
static void do_pnp_card_entries(struct f2a *c)
{
	const char *devs = (const char *)faddr(c, "devs", PNP_MAX_DEVICES * PNP_ID_LEN);
	size_t devs_off = (size_t)((const uint8_t *)devs - c->entry);
	size_t index = (size_t)(c->entry - c->table) / c->id_size;

	for (int j = 0; j < PNP_MAX_DEVICES; j++) {
		const char *id = devs + j * PNP_ID_LEN;
		bool dup = false;

		if (!id[0])
			break;
		for (size_t i2 = 0; i2 < index && !dup; i2++) {
			const char *devs_dup = (const char *)c->table + i2 * c->id_size + devs_off;

			for (int j2 = 0; j2 < PNP_MAX_DEVICES; j2++) {
				const char *id2 = devs_dup + j2 * PNP_ID_LEN;

				if (!id2[0])
					break;
				if (!strcmp(id, id2)) {
					dup = true;
					break;
				}
			}
		}
		if (!dup)
			pnp_aliases(c, id);
	}
}

/* The kernel's special cases, each entry giving any number of aliases. */
struct multi_devtable {
	const char *device_id;
	const char *check_name; /* as device_id_check() names it: pnp_card checks as "pnp" */
	const char *devid;
	void (*do_entry_multi)(struct f2a *c);
};

static const struct multi_devtable multi_devtable[] = {
	{ "usb", "usb", "usb_device_id", do_usb_entry_multi },
	{ "of", "of", "of_device_id", do_of_entry_multi },
	{ "pnp", "pnp", "pnp_device_id", do_pnp_device_entry },
	{ "pnp_card", "pnp", "pnp_card_device_id", do_pnp_card_entries },
};

static bool sym_is(const char *name, size_t namelen, const char *symbol)
{
	return namelen == strlen(symbol) && memcmp(name, symbol, namelen) == 0;
}

/* 7.2's do_table() checks: errors that skip the table (6.x: fatal) */
static bool table_ok_7_2(struct f2a *c, const char *device_id, const char *name, size_t size)
{
	if (size % c->id_size || size < c->id_size) {
		mp_error(c->mp, "%s: type mismatch between %s[] and MODULE_DEVICE_TABLE(%s, ...)\n", c->mod->name,
			 name, device_id);
		return false;
	}
	for (size_t i = size - c->id_size; i < size; i++) {
		if (c->table[i]) {
			mp_error(c->mp, "%s: %s[] is not terminated with a NULL entry\n", c->mod->name, name);
			return false;
		}
	}
	return true;
}

/* the parts of a device-table symbol: 6.x __mod_<type>__<name>_device_table,
 * 7.2 __mod_device_table__kmod_<modname>__<type>__<name> */
struct devtable_sym {
	const char *type, *name, *modname;
	size_t typelen, modnamelen;
};

static bool parse_devtable_sym(const struct modpost *mp, const char *symname, struct devtable_sym *d)
{
	const char *p;
	size_t n;

	if (mp->fmt >= KBP_MODPOST_7_2) {
		if (!str_starts_with(symname, "__mod_device_table__"))
			return false;
		d->modname = strstr(symname, "__kmod_");
		if (!d->modname)
			return false;
		d->modname += strlen("__kmod_");
		d->type = strstr(d->modname, "__");
		if (!d->type)
			return false;
		d->modnamelen = (size_t)(d->type - d->modname);
		d->type += 2;
		d->name = strstr(d->type, "__");
		if (!d->name)
			return false;
		d->typelen = (size_t)(d->name - d->type);
		d->name += 2;
		return true;
	}
	if (strncmp(symname, "__mod_", 6))
		return false;
	d->type = symname + 6;
	n = strlen(d->type);
	if (n < strlen("_device_table") || strcmp(d->type + n - strlen("_device_table"), "_device_table"))
		return false;
	p = strstr(d->type, "__");
	if (!p)
		return false;
	d->typelen = (size_t)(p - d->type);
	d->name = p + 2;
	return true;
}

/* 7.2, vmlinux: the aliases just added belong to built-in module modname */
static void set_builtin_modname(struct mp_module *mod, const struct devtable_sym *d)
{
	for (size_t i = mod->aliases.n; i-- > 0;) {
		struct mp_alias *a = mod->aliases.v[i];

		if (a->builtin_modname)
			break;
		a->builtin_modname = xstrndup(d->modname, d->modnamelen);
	}
}

void mp_handle_moddevtable(struct modpost *mp, struct mp_module *mod, struct kelf *k, const void *symp,
			   size_t shndx, const char *symname)
{
	const GElf_Sym *sym = symp;
	_cleanup_free_ uint8_t *zeros = NULL;
	const uint8_t *symval;
	struct devtable_sym d = { 0 };
	const struct devtable *dt = NULL;
	const struct multi_devtable *multi = NULL;
	struct f2a c = { .mp = mp, .mod = mod, .k = k, .ulong_size = kelf_is64(k) ? 8 : 4 };
	GElf_Shdr sh;
	char alias[ALIAS_SIZE];

	if (!sym->st_shndx || shndx >= kelf_nsections(k))
		return;
	if (GELF_ST_TYPE(sym->st_info) != STT_OBJECT)
		return;
	if (!parse_devtable_sym(mp, symname, &d))
		return;

	for (size_t i = 0; i < ARRAY_SIZE(multi_devtable); i++) {
		if (sym_is(d.type, d.typelen, multi_devtable[i].device_id)) {
			multi = &multi_devtable[i];
			break;
		}
	}
	for (size_t i = 0; !multi && i < ARRAY_SIZE(devtable); i++) {
		if (mp->fmt >= devtable[i].since && sym_is(d.type, d.typelen, devtable[i].device_id)) {
			dt = &devtable[i];
			break;
		}
	}
	/* the kernel ignores unknown types as well */
	if (!multi && !dt)
		goto out;
	c.devid = multi ? multi->devid : dt->devid;

	if (kelf_shdr(k, shndx, &sh) < 0)
		mp_fatal(mp, "%s: bad section for %s\n", mod->name, symname);
	if (sh.sh_type & SHT_NOBITS) {
		zeros = xcalloc(1, sym->st_size ? sym->st_size : 1);
		symval = zeros;
	} else if (kelf_sym_bytes(k, shndx, sym->st_value, sym->st_size, &symval) < 0) {
		mp_fatal(mp, "%s: %s lies outside its section\n", mod->name, symname);
	}
	c.id_size = lookup(mp, "SIZE", c.devid, NULL);
	if (!c.id_size)
		mp_fatal(mp, "%s: SIZE_%s is 0\n", OFFSETS_FILE, c.devid);
	c.table = symval;
	c.entry = symval;
	if (mp->fmt < KBP_MODPOST_7_2)
		device_id_check(&c, multi ? multi->check_name : dt->device_id, sym->st_size);
	else if (!table_ok_7_2(&c, multi ? multi->device_id : dt->device_id, d.name, sym->st_size))
		goto out;

	for (size_t off = 0; off + c.id_size < sym->st_size; off += c.id_size) {
		c.entry = symval + off;
		if (multi)
			multi->do_entry_multi(&c);
		else if (dt->fields) {
			add_fields(&c, alias, dt->fields);
			emit(&c, alias);
		} else if (dt->do_entry(&c, alias)) {
			emit(&c, alias);
		}
	}
out:
	if (mp->fmt >= KBP_MODPOST_7_2 && mod->is_vmlinux)
		set_builtin_modname(mod, &d);
}
