package io.tandem.common.web;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How many API requests do their work at once ({@code tandem.admission.*}). The others wait their turn, first come
 * first served, queued rather than competing for the cores: on a small machine, fifty requests sharing two cores
 * each take fifty times as long and finish in a scattered order, while four at a time finish in the order they came.
 * The turns are the web server's request threads ({@link AdmissionExecutor}).
 *
 * @param enabled whether API requests wait their turn at all; when off, Tomcat's own thread settings
 *     ({@code server.tomcat.threads.*}) apply
 * @param concurrentRequests how many API requests run at once; 0 means twice the processors the JVM sees
 * @param maxWait how long a request waits for its turn before it runs anyway (so requests that block on something
 *     else, such as a slow cluster, cannot stop the others for longer than this)
 * @param maxThreads the most request threads: the turns, the requests beyond them (those that gave their turn back,
 *     and those that waited longer than {@code max-wait}) and the threads parked in their place in the queue; past it,
 *     requests wait in the queue however long it takes
 */
@ConfigurationProperties("tandem.admission")
public record AdmissionProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("0") int concurrentRequests,
    @DefaultValue("250ms") Duration maxWait,
    @DefaultValue("200") int maxThreads) {

  /** The number of requests that run at once, with 0 resolved against the processors. */
  public int permits() {
    return Math.min(concurrentRequests > 0 ? concurrentRequests : 2 * Runtime.getRuntime().availableProcessors(),
        Math.max(1, maxThreads));
  }
}
