package org.oxisync.core.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NamePolicyTest {

    static Stream<Arguments> serverCases() {
        return Stream.of(
                Arguments.of("empty name is refused", "", NameIssue.EMPTY),
                Arguments.of("slash is refused", "a/b", NameIssue.SEPARATOR),
                Arguments.of("backslash is refused", "a\\b", NameIssue.SEPARATOR),
                Arguments.of("NUL is refused", "a\0b", NameIssue.NUL),
                Arguments.of("dot is refused", ".", NameIssue.DOT_NAME),
                Arguments.of("dot dot is refused", "..", NameIssue.DOT_NAME),
                Arguments.of("Windows-forbidden characters are accepted", "a:b*?.txt", null),
                Arguments.of("reserved Windows names are accepted", "CON", null),
                Arguments.of("trailing dots are accepted", "a.", null),
                Arguments.of("dotfiles are accepted", ".hidden", null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("serverCases")
    void serverPolicy(String name, String input, NameIssue expected) {
        assertEquals(Optional.ofNullable(expected), new ServerNamePolicy().check(input));
    }

    static Stream<Arguments> localCases() {
        String long255Bytes = "a".repeat(255);
        String twoByteChars = "é".repeat(128);
        return Stream.of(
                Arguments.of("Windows forbids '<'", OsFamily.WINDOWS, "a<b", NameIssue.FORBIDDEN_CHARACTER),
                Arguments.of("Windows forbids ':'", OsFamily.WINDOWS, "a:b", NameIssue.FORBIDDEN_CHARACTER),
                Arguments.of("Windows forbids '|'", OsFamily.WINDOWS, "a|b", NameIssue.FORBIDDEN_CHARACTER),
                Arguments.of("Windows forbids '?'", OsFamily.WINDOWS, "a?b", NameIssue.FORBIDDEN_CHARACTER),
                Arguments.of("Windows forbids '*'", OsFamily.WINDOWS, "a*b", NameIssue.FORBIDDEN_CHARACTER),
                Arguments.of("Windows forbids '\"'", OsFamily.WINDOWS, "a\"b", NameIssue.FORBIDDEN_CHARACTER),
                Arguments.of("Windows forbids backslash", OsFamily.WINDOWS, "a\\b", NameIssue.FORBIDDEN_CHARACTER),
                Arguments.of("Windows forbids control characters", OsFamily.WINDOWS, "a\u0001b", NameIssue.CONTROL_CHARACTER),
                Arguments.of("Windows reserves CON", OsFamily.WINDOWS, "CON", NameIssue.RESERVED_NAME),
                Arguments.of("Windows reserves con.txt", OsFamily.WINDOWS, "con.txt", NameIssue.RESERVED_NAME),
                Arguments.of("Windows reserves NUL.tar.gz", OsFamily.WINDOWS, "NUL.tar.gz", NameIssue.RESERVED_NAME),
                Arguments.of("Windows reserves COM9", OsFamily.WINDOWS, "COM9", NameIssue.RESERVED_NAME),
                Arguments.of("Windows reserves LPT1.log", OsFamily.WINDOWS, "LPT1.log", NameIssue.RESERVED_NAME),
                Arguments.of("Windows reserves AUX with spaces before the dot", OsFamily.WINDOWS, "AUX .txt", NameIssue.RESERVED_NAME),
                Arguments.of("Windows allows COM10", OsFamily.WINDOWS, "COM10", null),
                Arguments.of("Windows allows CONSOLE", OsFamily.WINDOWS, "CONSOLE.txt", null),
                Arguments.of("Windows forbids a trailing dot", OsFamily.WINDOWS, "a.", NameIssue.TRAILING_DOT_OR_SPACE),
                Arguments.of("Windows forbids a trailing space", OsFamily.WINDOWS, "a ", NameIssue.TRAILING_DOT_OR_SPACE),
                Arguments.of("Windows allows 255 UTF-16 units", OsFamily.WINDOWS, twoByteChars + "a".repeat(127), null),
                Arguments.of("Windows refuses 256 UTF-16 units", OsFamily.WINDOWS, "a".repeat(256), NameIssue.TOO_LONG),
                Arguments.of("Linux allows Windows-forbidden characters", OsFamily.LINUX, "a:b?*<>|\\", null),
                Arguments.of("Linux allows reserved Windows names", OsFamily.LINUX, "CON", null),
                Arguments.of("Linux allows 255 bytes", OsFamily.LINUX, long255Bytes, null),
                Arguments.of("Linux refuses 256 UTF-8 bytes", OsFamily.LINUX, twoByteChars, NameIssue.TOO_LONG),
                Arguments.of("Linux refuses NUL", OsFamily.LINUX, "a\0", NameIssue.NUL),
                Arguments.of("Linux refuses dot dot", OsFamily.LINUX, "..", NameIssue.DOT_NAME),
                Arguments.of("macOS counts UTF-16 units, not bytes", OsFamily.MAC, twoByteChars, null),
                Arguments.of("macOS refuses 256 UTF-16 units", OsFamily.MAC, "a".repeat(256), NameIssue.TOO_LONG));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("localCases")
    void localPolicy(String name, OsFamily os, String input, NameIssue expected) {
        assertEquals(Optional.ofNullable(expected), new LocalNamePolicy(os).check(input));
    }

    @Test
    void osFamilyFromOsName() {
        assertEquals(OsFamily.WINDOWS, OsFamily.fromOsName("Windows 11"));
        assertEquals(OsFamily.MAC, OsFamily.fromOsName("Mac OS X"));
        assertEquals(OsFamily.LINUX, OsFamily.fromOsName("Linux"));
    }
}
