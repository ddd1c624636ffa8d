package io.tandem.readme;

import io.tandem.support.TandemIT;

/**
 * The README on the mock sandbox, as a machine with Java only runs it: every block but those marked
 * {@code real-cluster} (kubectl cannot talk to the mock), the {@code mock} ones instead. {@link ReadmeIT} runs it on
 * the real control plane.
 */
@TandemIT
class ReadmeOnMockSandboxIT extends ReadmeWalkThrough {}
