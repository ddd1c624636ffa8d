package io.tandem.workers.domain;

import java.util.UUID;

/**
 * One thing a session on a worker-connected target asks of the cluster: the operation and its request, as the worker
 * protocol writes them (the domain carries them unread).
 *
 * @param namespace the target's default namespace, for objects that name none
 */
public record WorkerCall(UUID id, UUID workerId, String target, String namespace, String operation, String request) {}
