/* SPDX-License-Identifier: GPL-2.0 */
#define KBPX_BIAS 7 /* a comment */
