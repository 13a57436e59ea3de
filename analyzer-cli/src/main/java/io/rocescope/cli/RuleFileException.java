package io.rocescope.cli;

/** A rule file that cannot be used: the message names the file, the rule and the field. */
final class RuleFileException extends Exception {
    RuleFileException(String message) {
        super(message);
    }
}
