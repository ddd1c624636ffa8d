package io.tandem.common.web;

import io.tandem.common.config.TandemProperties;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.text.Texts;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The longest text each request field may hold, in characters, for JSON body fields and query parameters alike
 * (a field is known by its own name, wherever it sits in the body). Fields that carry unit data or YAML (unit
 * {@code data}, a function's {@code args}, a chart's {@code values}) or a packaged chart ({@code chart}, in base64)
 * may be as long as the unit data limit; fields named nowhere here get
 * {@link #DEFAULT_CHARS}. Label keys and values follow Kubernetes: a key is an optional DNS-subdomain prefix of at
 * most 253 characters, '/', and a name of at most 63; a value is at most 63.
 */
@Component
public class TextLimits {

  public static final int DEFAULT_CHARS = 1024;
  public static final int LABEL_KEY_CHARS = 253 + 1 + 63;
  public static final int LABEL_VALUE_CHARS = 63;

  private static final Map<String, Integer> BY_FIELD =
      Map.ofEntries(
          Map.entry("displayName", 256),
          Map.entry("subject", 256),
          Map.entry("name", 256),
          Map.entry("description", 4096),
          Map.entry("changeDescription", 4096),
          Map.entry("where", 4096),
          Map.entry("whereData", 4096),
          Map.entry("resourceType", 256),
          Map.entry("url", 2048),
          Map.entry("server", 2048),
          Map.entry("path", 1024),
          Map.entry("pathPrefix", 1024),
          Map.entry("username", 256),
          Map.entry("password", 4096),
          Map.entry("token", 16 * 1024),
          Map.entry("caData", 64 * 1024),
          Map.entry("kubeconfig", 1024 * 1024));

  private final int dataChars;

  public TextLimits(TandemProperties properties) {
    this.dataChars = (int) Math.min(Integer.MAX_VALUE, properties.maxUnitDataSize().toBytes());
  }

  /** The longest text the field named {@code field} may hold. */
  public int maxChars(String field) {
    return carriesData(field) ? dataChars : BY_FIELD.getOrDefault(field, DEFAULT_CHARS);
  }

  /**
   * Checks the text of the field named {@code field} as {@link #require(String, String, int)} does, except that unit
   * data over its limit is 413 {@code payload-too-large}, as the API promises for unit data wherever it is sent.
   */
  public void require(String subject, String field, String text) {
    if (carriesData(field) && text.length() > dataChars) {
      throw new TandemException(
          ProblemCode.PAYLOAD_TOO_LARGE,
          subject + " is " + text.length() + " characters long; the unit data limit is " + dataChars + " bytes.");
    }
    require(subject, text, maxChars(field));
  }

  private static boolean carriesData(String field) {
    return field.equals("data") || field.equals("args") || field.equals("values") || field.equals("chart");
  }

  /**
   * Throws 400 {@code validation-failed} when {@code text} is longer than {@code maxChars} or holds a character no
   * text may.
   *
   * @param subject what holds the text, to start the message: {@code Field 'functions[0].args[1]'}
   */
  public static void require(String subject, String text, int maxChars) {
    if (text.length() > maxChars) {
      throw TandemException.validation(
          subject + " is " + text.length() + " characters long; at most " + maxChars + " are allowed.");
    }
    String flaw = Texts.flaw(text);
    if (flaw != null) {
      throw TandemException.validation(subject + " " + flaw + ".");
    }
  }
}
