/* generated: syscall table */
