/* arm64: not packed for x86 */
