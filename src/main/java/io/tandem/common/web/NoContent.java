package io.tandem.common.web;

import org.springframework.http.MediaType;

/**
 * What a route that answers {@code 204 No Content} produces: anything. The APIs' class-level {@code produces =
 * application/json} would otherwise make such a route {@code 406} for a client that accepts only {@code
 * application/problem+json}, which is what the generated clients send for an operation whose only documented
 * bodies are problems (every DELETE).
 */
public final class NoContent {

  public static final String PRODUCES = MediaType.ALL_VALUE;

  private NoContent() {}
}
