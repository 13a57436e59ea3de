package io.rocescope.flow.rules;

import io.rocescope.dissector.decode.Expert.Severity;

/**
 * One check: the rule fails where {@code metric} (measured per {@code scope}, over a sliding
 * {@code windowNanos} for rates) {@code comparison} {@code threshold} holds. {@code filter} narrows
 * some metrics: a NAK code name, a CM reject reason number, a PFC priority or a set-up kind.
 */
public record Rule(String id, String description, Severity severity, Metric metric, Scope scope,
                   Comparison comparison, double threshold, long windowNanos, String filter) {}
