package io.tandem.git;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Git imports and mirrors ({@code tandem.git.*}).
 *
 * @param interval how often mirrors with new revisions are pushed
 * @param threads how many mirrors are pushed at once
 * @param batch the most commits in one push
 * @param retryInitial the wait before the first retry of a failed push; it doubles with each failure
 * @param retryMax the longest wait between retries of a failed push
 * @param timeout the network timeout of a push or an import
 * @param allowedSchemes the URL schemes accepted for repositories; unset means {@code https}, {@code http},
 *     {@code ssh} and {@code git}, plus {@code file} where the sandbox is enabled
 * @param authorEmailDomain the domain of commit authors' e-mail addresses, for callers that have none
 * @param importMaxFiles the most files an import reads from the path of a repository; more is {@code 400}
 * @param importMaxSize the most bytes the files an import reads may hold together, uncompressed; more is {@code 400}
 */
@ConfigurationProperties("tandem.git")
public record GitProperties(
    @DefaultValue("1s") Duration interval,
    @DefaultValue("2") int threads,
    @DefaultValue("500") int batch,
    @DefaultValue("1s") Duration retryInitial,
    @DefaultValue("5m") Duration retryMax,
    @DefaultValue("30s") Duration timeout,
    @DefaultValue List<String> allowedSchemes,
    @DefaultValue("users.tandem.invalid") String authorEmailDomain,
    @DefaultValue("5000") int importMaxFiles,
    @DefaultValue("32MB") DataSize importMaxSize) {}
