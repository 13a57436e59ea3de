package io.rocescope.flow.rules;

import io.rocescope.dissector.decode.Expert.Severity;

import java.util.List;

/** One rule measured on one subject (the capture, a connection or a flow): the value, the verdict, the evidence. */
public record RuleResult(String rule, String metric, String description, Severity severity, String scope, String subject,
                         double value, String comparison, double threshold, boolean failed, List<Long> frames) {}
