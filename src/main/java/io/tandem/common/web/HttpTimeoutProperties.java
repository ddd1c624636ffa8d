package io.tandem.common.web;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long the web server waits for a client ({@code tandem.http.*}), so that a slow or silent client costs little.
 *
 * @param headerTimeout the longest wait for the request line and headers of a new connection, and for each read of a
 *     body (Tomcat's {@code connectionTimeout})
 * @param keepAliveTimeout the longest a kept-alive connection waits for its next request
 * @param bodyTimeout the longest a request's body may take to arrive as a whole; past it the request fails with 408
 *     {@code request-timeout}, however steadily its bytes trickle in
 */
@ConfigurationProperties("tandem.http")
public record HttpTimeoutProperties(
    @DefaultValue("10s") Duration headerTimeout,
    @DefaultValue("15s") Duration keepAliveTimeout,
    @DefaultValue("30s") Duration bodyTimeout) {}
