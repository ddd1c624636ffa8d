package io.tandem.targets.api;

import io.swagger.v3.oas.annotations.media.Schema;

/** Documents the merge patch of a target; the controller reads the raw JSON to tell absent fields from nulls. */
@Schema(name = "TargetPatch", description = "JSON merge patch (RFC 7386): absent fields stay; the slug cannot change")
record TargetPatch(
    @Schema(description = "Write-only. Its certificate-authority-data, client-certificate-data and client-key-data"
        + " must be base64 PEM, or the request is 400 validation-failed") String kubeconfig,
    String context,
    String namespace,
    String server,
    @Schema(description = "Write-only bearer token") String token,
    @Schema(description = "The cluster's CA: PEM certificate(s), base64 on one line; anything else is 400"
        + " validation-failed") String caData,
    Boolean insecureSkipTlsVerify,
    @Schema(description = "Reach the cluster through a worker (and standbys) from now on; the server then drops the"
        + " credentials it held. Where it names only one of 'worker' and 'standbys', the other stays")
        TargetsApi.TargetConnection connection) {}
