// SPDX-License-Identifier: GPL-2.0
/* Device tables of the less common buses, and pnp/pnp_card: every branch of
 * file2alias.c's handlers for them (wildcards, match flags, edge values,
 * whitespace, names that fill their array and run on into the next bytes). */
#include <linux/module.h>
#include <linux/version.h>
#include <linux/mod_devicetable.h>

#define UUID_BYTES { 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, \
		     0x0f, 0x1e, 0x2d, 0x3c, 0x4b, 0x5a, 0x69, 0x78 }

static const struct ccw_device_id ccw_ids[] = {
	{ .match_flags = CCW_DEVICE_ID_MATCH_CU_TYPE | CCW_DEVICE_ID_MATCH_CU_MODEL |
			 CCW_DEVICE_ID_MATCH_DEVICE_TYPE | CCW_DEVICE_ID_MATCH_DEVICE_MODEL,
	  .cu_type = 0x3990, .cu_model = 0xe9, .dev_type = 0x3390, .dev_model = 0x0a },
	{ .match_flags = CCW_DEVICE_ID_MATCH_CU_TYPE, .cu_type = 0x1731, .cu_model = 5 },
	{ .match_flags = CCW_DEVICE_ID_MATCH_DEVICE_MODEL, .dev_type = 0xffff, .dev_model = 0 },
	{ .match_flags = 0, .cu_type = 0x3088 },
	{ }
};
MODULE_DEVICE_TABLE(ccw, ccw_ids);

static const struct ap_device_id ap_ids[] = {
	{ .match_flags = AP_DEVICE_ID_MATCH_CARD_TYPE, .dev_type = 0x0a },
	{ .match_flags = AP_DEVICE_ID_MATCH_QUEUE_TYPE, .dev_type = 0 },
	{ .dev_type = 0xff, .driver_info = 1 },
	{ }
};
MODULE_DEVICE_TABLE(ap, ap_ids);

static const struct css_device_id css_ids[] = {
	{ .match_flags = 1, .type = 0 },
	{ .match_flags = 1, .type = 3 },
	{ .match_flags = 1, .type = 0xab },
	{ }
};
MODULE_DEVICE_TABLE(css, css_ids);

static const struct pcmcia_device_id pcmcia_ids[] = {
	{ .match_flags = PCMCIA_DEV_ID_MATCH_MANF_ID | PCMCIA_DEV_ID_MATCH_CARD_ID,
	  .manf_id = 0x0101, .card_id = 0x0562 },
	{ .match_flags = PCMCIA_DEV_ID_MATCH_FUNC_ID | PCMCIA_DEV_ID_MATCH_FUNCTION |
			 PCMCIA_DEV_ID_MATCH_DEVICE_NO,
	  .func_id = 0x06, .function = 1, .device_no = 0xff },
	{ .match_flags = PCMCIA_DEV_ID_MATCH_PROD_ID1 | PCMCIA_DEV_ID_MATCH_PROD_ID3,
	  .prod_id = { "Kbp Inc", NULL, "Card", NULL },
	  .prod_id_hash = { 0x2e3ee845, 0xffffffff, 0x0e2cdd5e, 0x1 } },
	{ .match_flags = PCMCIA_DEV_ID_MATCH_PROD_ID2 | PCMCIA_DEV_ID_MATCH_PROD_ID4 |
			 PCMCIA_DEV_ID_MATCH_MANF_ID,
	  .manf_id = 0xffff, .prod_id_hash = { 1, 0xdeadbeef, 3, 0 } },
	{ }, /* an all-zero entry that is not the last: all wildcards */
	{ .match_flags = 0xffff, .manf_id = 1, .card_id = 2, .func_id = 3, .function = 4,
	  .device_no = 5, .prod_id_hash = { 6, 7, 8, 9 } },
	{ }
};
MODULE_DEVICE_TABLE(pcmcia, pcmcia_ids);

static const struct vio_device_id vio_ids[] = {
	{ "network", "IBM,l-lan" },
	{ "", "IBM,vty" },
	{ "my type", "" },
	{ "", "" },
	{ "tab\tand\nnewline", "comp at" },
	{ "0123456789abcdef0123456789abcdef", "ibm,runs-on" }, /* fills type[] */
	{ }
};
MODULE_DEVICE_TABLE(vio, vio_ids);

static const struct eisa_device_id eisa_ids[] = {
	{ "KBP0001" }, { "" }, { "ADP7771", 1 }, { }
};
MODULE_DEVICE_TABLE(eisa, eisa_ids);

static const struct parisc_device_id parisc_ids[] = {
	{ PA_HWTYPE_ANY_ID, PA_HVERSION_REV_ANY_ID, PA_HVERSION_ANY_ID, PA_SVERSION_ANY_ID },
	{ 0x0a, 0x00, 0x0123, 0x00081 },
	{ 0x0b, PA_HVERSION_REV_ANY_ID, 0x0fff, PA_SVERSION_ANY_ID },
	{ }
};
MODULE_DEVICE_TABLE(parisc, parisc_ids);

static const struct sdio_device_id sdio_ids[] = {
	{ .class = (__u8)SDIO_ANY_ID, .vendor = 0x02d0, .device = 0x4329 },
	{ .class = 0x07, .vendor = (__u16)SDIO_ANY_ID, .device = (__u16)SDIO_ANY_ID },
	{ .class = 0, .vendor = 0x0271, .device = (__u16)SDIO_ANY_ID },
	{ }
};
MODULE_DEVICE_TABLE(sdio, sdio_ids);

static const struct ssb_device_id ssb_ids[] = {
	SSB_DEVICE(0x4243, 0x812, SSB_ANY_REV),
	SSB_DEVICE(SSB_ANY_VENDOR, SSB_ANY_ID, 5),
	SSB_DEVICE(0x4243, SSB_ANY_ID, 0),
	{ }
};
MODULE_DEVICE_TABLE(ssb, ssb_ids);

static const struct bcma_device_id bcma_ids[] = {
	BCMA_CORE(0x4BF, 0x800, BCMA_ANY_REV, BCMA_ANY_CLASS),
	BCMA_CORE(BCMA_ANY_MANUF, BCMA_ANY_ID, 0x1f, 0x02),
	BCMA_CORE(0, 0x812, 0, 0),
	{ }
};
MODULE_DEVICE_TABLE(bcma, bcma_ids);

static const struct i3c_device_id i3c_ids[] = {
	{ .match_flags = I3C_MATCH_DCR | I3C_MATCH_MANUF | I3C_MATCH_PART | I3C_MATCH_EXTRA_INFO,
	  .dcr = 0xc6, .manuf_id = 0x104, .part_id = 0x1234, .extra_info = 0xffff },
	{ .match_flags = I3C_MATCH_MANUF | I3C_MATCH_PART, .manuf_id = 0x11a, .part_id = 0x1000 },
	{ .match_flags = I3C_MATCH_DCR, .dcr = 0, .manuf_id = 7 },
	{ .match_flags = 0, .part_id = 1 },
	{ }
};
MODULE_DEVICE_TABLE(i3c, i3c_ids);

/* slim: the struct is in both series, the alias only in 6.12's modpost */
static const struct slim_device_id slim_ids[] = {
	{ 0x217, 0x60, 0x1, 0x0 },
	{ 0xffff, 0xabcd },
	{ 0, 0, 0, 0, 1 },
	{ }
};
MODULE_DEVICE_TABLE(slim, slim_ids);

#define KBP_ISAPNP_VENDOR(a, b, c) (((((a) - 'A' + 1) & 0x3f) << 2) | \
				    ((((b) - 'A' + 1) & 0x18) >> 3) | ((((b) - 'A' + 1) & 7) << 13) | \
				    ((((c) - 'A' + 1) & 0x1f) << 8))
#define KBP_ISAPNP_FUNCTION(x) ((((x) & 0xf000) >> 8) | (((x) & 0x0f00) >> 8) | \
				(((x) & 0x00f0) << 8) | (((x) & 0x000f) << 8))
static const struct isapnp_device_id isapnp_ids[] = {
	{ .card_vendor = 1, .vendor = KBP_ISAPNP_VENDOR('C', 'T', 'L'), .function = KBP_ISAPNP_FUNCTION(0x0031) },
	{ .vendor = KBP_ISAPNP_VENDOR('Z', 'Y', 'X'), .function = KBP_ISAPNP_FUNCTION(0xabcd) },
	{ .card_device = 1, .vendor = 0, .function = 0 },
	{ .vendor = 0x7bff, .function = 0xffff },
	{ }
};
MODULE_DEVICE_TABLE(isapnp, isapnp_ids);

static const struct ipack_device_id ipack_ids[] = {
	{ IPACK_ANY_FORMAT, IPACK_ANY_ID, IPACK_ANY_ID },
	{ 1, 0xf0, 0x1 },
	{ 2, IPACK_ANY_ID, 0x22 },
	{ }
};
MODULE_DEVICE_TABLE(ipack, ipack_ids);

static const struct amba_id amba_ids[] = {
	{ .id = 0x00041011, .mask = 0x000fffff },
	{ .id = 0x0a041080, .mask = 0xff0fff8f },
	{ .id = 0x00000002, .mask = 0x0000000e, .data = (void *)1 },
	{ .id = 0, .mask = 0, .data = (void *)2 },
	{ .id = 0x12345678, .mask = 0xffffffff },
	{ .id = 0x00000105, .mask = 0x00000397 },
	{ }
};
MODULE_DEVICE_TABLE(amba, amba_ids);

static const struct mips_cdmm_device_id mipscdmm_ids[] = {
	{ 0x02 }, { 0xff }, { 0 }, { 0x3a }, { }
};
MODULE_DEVICE_TABLE(mipscdmm, mipscdmm_ids);

static const struct mei_cl_device_id mei_ids[] = {
	{ .name = "kbp-mei", .uuid = { .b = UUID_BYTES }, .version = MEI_CL_VERSION_ANY },
	{ .name = "", .uuid = { .b = UUID_BYTES }, .version = 2 },
	{ .name = "with space", .uuid = { .b = { 0xff, 0, 0xff, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 } },
	  .version = 0 },
	{ }
};
MODULE_DEVICE_TABLE(mei, mei_ids);

static const struct rio_device_id rio_ids[] = {
	{ .did = 0x0374, .vid = 0x0038, .asm_did = RIO_ANY_ID, .asm_vid = RIO_ANY_ID },
	{ .did = RIO_ANY_ID, .vid = RIO_ANY_ID, .asm_did = 0x1, .asm_vid = 0x2 },
	{ .did = 0, .vid = 0xabcd, .asm_did = 0, .asm_vid = RIO_ANY_ID },
	{ }
};
MODULE_DEVICE_TABLE(rapidio, rio_ids);

static const struct ulpi_device_id ulpi_ids[] = {
	{ 0x0424, 0x0006 }, { 0xffff, 0 }, { 0xABCD, 0xef01 }, { }
};
MODULE_DEVICE_TABLE(ulpi, ulpi_ids);

static const struct hda_device_id hda_ids[] = {
	{ .vendor_id = 0x10ec0269, .name = "ALC269" },
	{ .vendor_id = 0x8086280b, .rev_id = 0x100000, .api_version = 2 },
	{ .vendor_id = 0, .rev_id = 0x100302, .api_version = 0, .driver_data = 1 },
	{ .api_version = 0xff, .driver_data = 2 },
	{ }
};
MODULE_DEVICE_TABLE(hdaudio, hda_ids);

static const struct sdw_device_id sdw_ids[] = {
	{ .mfg_id = 0x025d, .part_id = 0x0711 },
	{ .mfg_id = 0x01fa, .part_id = 0x4243, .sdw_version = 3, .class_id = 1 },
	{ .mfg_id = 0, .part_id = 0, .sdw_version = 0xff, .driver_data = 1 },
	{ }
};
MODULE_DEVICE_TABLE(sdw, sdw_ids);

static const struct fsl_mc_device_id fslmc_ids[] = {
	{ .vendor = 0x1957, .obj_type = "dpni" },
	{ .vendor = 0x1957, .obj_type = "" },
	{ .vendor = 0xffff, .obj_type = "dpmac" },
	{ }
};
MODULE_DEVICE_TABLE(fslmc, fslmc_ids);

static const struct tb_service_id tbsvc_ids[] = {
	{ .match_flags = TBSVC_MATCH_PROTOCOL_KEY | TBSVC_MATCH_PROTOCOL_ID |
			 TBSVC_MATCH_PROTOCOL_VERSION | TBSVC_MATCH_PROTOCOL_REVISION,
	  .protocol_key = "network", .protocol_id = 1, .protocol_version = 1, .protocol_revision = 1 },
	{ .match_flags = TBSVC_MATCH_PROTOCOL_KEY, .protocol_key = "abcdefgh" },
	{ .match_flags = 0, .protocol_key = "ignored", .protocol_id = 5 },
	{ .match_flags = TBSVC_MATCH_PROTOCOL_ID | TBSVC_MATCH_PROTOCOL_REVISION,
	  .protocol_id = 0xffffffff, .protocol_revision = 0 },
	{ .match_flags = TBSVC_MATCH_PROTOCOL_KEY, .protocol_key = "" },
	{ }
};
MODULE_DEVICE_TABLE(tbsvc, tbsvc_ids);

static const struct typec_device_id typec_ids[] = {
	{ .svid = 0xff01, .mode = TYPEC_ANY_MODE },
	{ .svid = 0x8087, .mode = 1 },
	{ .svid = 0, .mode = 0, .driver_data = 1 },
	{ .svid = 0x1, .mode = 0xff },
	{ }
};
MODULE_DEVICE_TABLE(typec, typec_ids);

static const struct tee_client_device_id tee_ids[] = {
	{ .uuid = { .b = UUID_BYTES } },
	{ .uuid = { .b = { 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6, 0x07, 0x18,
			   0x29, 0x3a, 0x4b, 0x5c, 0x6d, 0x7e, 0x8f, 0x90 } } },
	{ }
};
MODULE_DEVICE_TABLE(tee, tee_ids);

static const struct wmi_device_id wmi_ids[] = {
	{ "05901221-D566-11D1-B2F0-00A0C9062910", NULL },
	{ "too-short", NULL },
	{ "8d9ddcbc-a997-11da-b012-b622a1ef5492", (void *)1 },
	{ "", (void *)2 },
	{ }
};
MODULE_DEVICE_TABLE(wmi, wmi_ids);

static const struct mhi_device_id mhi_ids[] = {
	{ .chan = "IPCR" },
	{ .chan = "QMI0", .driver_data = 1 },
	{ .chan = "", .driver_data = 2 },
	{ .chan = "0123456789abcdef0123456789ABCDEF", .driver_data = 0x4b42 }, /* fills chan[] */
	{ }
};
MODULE_DEVICE_TABLE(mhi, mhi_ids);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 1, 0)
static const struct mhi_device_id mhi_ep_ids[] = {
	{ .chan = "IP_SW0" }, { .chan = "", .driver_data = 3 }, { }
};
MODULE_DEVICE_TABLE(mhi_ep, mhi_ep_ids);

static const struct ssam_device_id ssam_ids[] = {
	{ .match_flags = SSAM_MATCH_TARGET | SSAM_MATCH_INSTANCE | SSAM_MATCH_FUNCTION,
	  .domain = 0x02, .category = 0x15, .target = 0x01, .instance = 0x00, .function = 0x01 },
	{ .match_flags = 0, .domain = 0x01, .category = 0x03, .target = 9 },
	{ .match_flags = SSAM_MATCH_TARGET, .domain = 0xff, .category = 0, .target = 0xfe },
	{ .match_flags = SSAM_MATCH_FUNCTION | SSAM_MATCH_INSTANCE, .instance = 3, .function = 4 },
	{ }
};
MODULE_DEVICE_TABLE(ssam, ssam_ids);

static const struct ishtp_device_id ishtp_ids[] = {
	{ .guid = { .b = UUID_BYTES } },
	{ .guid = { .b = { 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6, 0x07, 0x18,
			   0x29, 0x3a, 0x4b, 0x5c, 0x6d, 0x7e, 0x8f, 0x90 } }, .driver_data = 1 },
	{ }
};
MODULE_DEVICE_TABLE(ishtp, ishtp_ids);
#else
/* 5.10's modpost knows no mhi_ep, ssam or ishtp tables: ignored there */
static const struct mhi_device_id mhi_ep_ids[] = { { .chan = "IP_SW0" }, { } };
MODULE_DEVICE_TABLE(mhi_ep, mhi_ep_ids);
struct kbp_ssam_device_id { __u8 match_flags, domain, category, target, instance, function; kernel_ulong_t driver_data; };
static const struct kbp_ssam_device_id ssam_ids[] = { { .domain = 2, .category = 0x15 }, { } };
MODULE_DEVICE_TABLE(ssam, ssam_ids);
struct kbp_ishtp_device_id { guid_t guid; kernel_ulong_t driver_data; };
static const struct kbp_ishtp_device_id ishtp_ids[] = { { .guid = { .b = UUID_BYTES } }, { } };
MODULE_DEVICE_TABLE(ishtp, ishtp_ids);
#endif

static const struct pnp_device_id pnp_ids[] = {
	{ "PNP0c02" }, { "abc0001", 1 }, { "", 2 }, { "KBP0A0b" }, { }
};
MODULE_DEVICE_TABLE(pnp, pnp_ids);

static const struct pnp_card_device_id pnp_card_ids[] = {
	{ .id = "CTL0041", .devs = { { "CTL0031" }, { "CTL7001" } } },
	/* CTL0031 was listed by the first card: no second alias */
	{ .id = "CTL0042", .devs = { { "CTL0031" }, { "ctl0044" } } },
	/* both already listed */
	{ .id = "CTL0043", .devs = { { "CTL7001" }, { "ctl0044" } } },
	/* twice in one card: only earlier cards count, both are written */
	{ .id = "ABC0001", .devs = { { "abc0001" }, { "abc0001" } } },
	/* an empty id ends the card's list */
	{ .id = "XYZ0000", .devs = { { "XYZ0001" }, { "" }, { "XYZ0003" } } },
	{ .id = "", .devs = { { "" }, { "NOTSEEN" } }, .driver_data = 1 },
	{ .id = "FULL000", .devs = { { "FUL0001" }, { "FUL0002" }, { "FUL0003" }, { "FUL0004" },
				     { "FUL0005" }, { "FUL0006" }, { "FUL0007" }, { "FUL0008" } } },
	{ }
};
MODULE_DEVICE_TABLE(pnp_card, pnp_card_ids);

/* existing handlers: a name that fills its array runs on into driver_data */
static const struct spi_device_id spi_runon_ids[] = {
	{ "0123456789abcdef0123456789ABCDEF", 0x4b4b }, { "kbp-spi", 0 }, { }
};
MODULE_DEVICE_TABLE(spi, spi_runon_ids);

/* a type no modpost knows: ignored */
static const struct ulpi_device_id unknown_ids[] = { { 1, 2 }, { } };
MODULE_DEVICE_TABLE(kbpnosuchbus, unknown_ids);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 2, 0)
/* 6.1's modpost knows no cdx, vchiq or coreboot tables: ignored there */
struct kbp_cdx_device_id { __u16 vendor, device, subvendor, subdevice; __u32 class, class_mask, override_only; };
static const struct kbp_cdx_device_id cdx_ids[] = { { 0x10ee, 8, 0xffff, 0xffff }, { } };
MODULE_DEVICE_TABLE(cdx, cdx_ids);
struct kbp_coreboot_device_id { __u32 tag; kernel_ulong_t driver_data; };
static const struct kbp_coreboot_device_id coreboot_ids[] = { { 0x34 }, { } };
MODULE_DEVICE_TABLE(coreboot, coreboot_ids);
#endif

static int __init devtab_more_init(void) { return 0; }
module_init(devtab_more_init);
MODULE_LICENSE("GPL");
