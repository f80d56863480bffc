package org.oxisync.core.naming;

/** Why a single name cannot exist on the server or on the local file system. */
public enum NameIssue {
    EMPTY("the name is empty"),
    SEPARATOR("the name contains '/' or '\\'"),
    NUL("the name contains a NUL character"),
    DOT_NAME("the name is '.' or '..'"),
    FORBIDDEN_CHARACTER("the name contains a character this file system forbids (<>:\"/\\|?*)"),
    CONTROL_CHARACTER("the name contains a control character"),
    RESERVED_NAME("the name is reserved on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9)"),
    TRAILING_DOT_OR_SPACE("the name ends with a dot or a space"),
    TOO_LONG("the name is longer than this file system allows");

    private final String description;

    NameIssue(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
