package io.tandem.portal;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The event stream ({@code tandem.events.*}).
 *
 * @param retention how long events are kept
 * @param pollInterval how often the stream looks for new events to send to its subscribers
 * @param gapWait how long the stream waits for an event whose number was skipped (a transaction still running) before
 *     it sends the later ones
 * @param recheck how often open streams check that their callers may still see what they subscribed to
 * @param streamTimeout how long one event-stream response stays open; clients reconnect with {@code Last-Event-ID}
 * @param clientQueue the most events waiting to be sent to one event-stream client; a client further behind is dropped
 *     and resumes with {@code Last-Event-ID}
 */
@ConfigurationProperties("tandem.events")
public record EventsProperties(
    @DefaultValue("7d") Duration retention,
    @DefaultValue("200ms") Duration pollInterval,
    @DefaultValue("2s") Duration gapWait,
    @DefaultValue("5s") Duration recheck,
    @DefaultValue("30m") Duration streamTimeout,
    @DefaultValue("1000") int clientQueue) {}
