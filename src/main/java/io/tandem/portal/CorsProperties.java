package io.tandem.portal;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Cross-origin calls from a browser portal ({@code tandem.cors.*}).
 *
 * @param allowedOrigins the origins (e.g. {@code https://portal.example.com}) whose pages may call the API; none by
 *     default
 */
@ConfigurationProperties("tandem.cors")
public record CorsProperties(@DefaultValue List<String> allowedOrigins) {}
