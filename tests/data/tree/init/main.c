/* not packed: a kernel source file */
int start_kernel;
