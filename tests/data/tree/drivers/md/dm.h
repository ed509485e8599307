/* not packed: a driver header */
