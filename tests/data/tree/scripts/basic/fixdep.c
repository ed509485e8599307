/* not packed: a host program source */
