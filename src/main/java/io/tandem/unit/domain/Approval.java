package io.tandem.unit.domain;

import java.util.List;

/** A revision's approvals, and how many its space requires. */
public record Approval(int revisionNum, List<String> approvedBy, int requiredApprovals) {}
