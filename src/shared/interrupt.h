/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SIGINT, SIGTERM and SIGHUP set a flag that every long loop and every
 * waiter checks; the command cleans up and then re-raises the signal, so
 * that its caller sees the signal as the cause of death. */
#pragma once

void interrupt_install_handlers(void);
int interrupted(void); /* the signal number, or 0 */
void interrupt_reraise(void);
