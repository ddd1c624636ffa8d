package io.tandem.portal.api;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.portal.EventsProperties;
import io.tandem.portal.domain.Event;
import io.tandem.portal.domain.EventStream;
import io.tandem.portal.domain.SpaceSummaries;
import io.tandem.security.domain.SpaceRoles;
import io.tandem.security.domain.TokenService;
import io.tandem.space.domain.SpaceService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.Principal;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

@RestController
class EventsController implements EventsApi {

  private final EventStream stream;
  private final SpaceService spaces;
  private final SpaceSummaries summaries;
  private final SpaceRoles roles;
  private final TokenService tokens;
  private final long timeoutMillis;

  EventsController(EventStream stream, SpaceService spaces, SpaceSummaries summaries, SpaceRoles roles,
      TokenService tokens, EventsProperties settings) {
    this.stream = stream;
    this.spaces = spaces;
    this.summaries = summaries;
    this.roles = roles;
    this.tokens = tokens;
    this.timeoutMillis = settings.streamTimeout().toMillis();
  }

  @Override
  public SseEmitter streamEvents(List<String> spaceFilter, List<String> typeFilter, Long lastEventId, Long lastEventIdHeader,
      Principal principal) {
    Set<String> wantedSpaces = spaceFilter == null ? Set.of() : Set.copyOf(spaceFilter);
    Optional<Set<String>> visible = roles.visibleSpaces(principal);
    for (String space : wantedSpaces) {
      if (visible.isPresent() && !visible.get().contains(space)) {
        throw new TandemException(ProblemCode.FORBIDDEN, "You have no role in space '" + space + "'.");
      }
    }
    Set<String> wantedTypes = typeFilter == null ? Set.of() : Set.copyOf(typeFilter);
    wantedSpaces.forEach(spaces::get); // 404 for a space that does not exist
    for (String type : wantedTypes) {
      if (!Event.TYPES.contains(type)) {
        throw TandemException.invalidArgument("Event type '" + type + "' does not exist; the types are " + String.join(", ", Event.TYPES) + ".");
      }
    }
    // what the caller may see now: narrowed at each recheck when a role is taken away
    AtomicReference<Optional<Set<String>>> visibleNow = new AtomicReference<>(visible);
    Predicate<Event> filter = event -> (wantedSpaces.isEmpty() || wantedSpaces.contains(event.space()))
        && (visibleNow.get().isEmpty() || visibleNow.get().get().contains(event.space()))
        && (wantedTypes.isEmpty() || wantedTypes.contains(event.type()));
    SseEmitter emitter = new SseEmitter(timeoutMillis);
    EventStream.Subscriber subscriber = new EventStream.Subscriber() {
      @Override
      public Predicate<Event> filter() {
        return filter;
      }

      @Override
      public boolean send(Event event) {
        try {
          emitter.send(SseEmitter.event().id(Long.toString(event.id())).name(event.type())
              .data(EventResponse.from(event), MediaType.APPLICATION_JSON));
          return true;
        } catch (IOException | IllegalStateException e) {
          return false; // the client went away
        }
      }

      @Override
      public void close() {
        emitter.complete();
      }

      @Override
      public boolean stillAllowed() {
        if (!tokens.stillValid(principal)) {
          return false;
        }
        visibleNow.set(roles.visibleSpaces(principal));
        return true;
      }
    };
    try {
      emitter.send(SseEmitter.event().comment("subscribed")); // sends the headers now, before any event
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    emitter.onCompletion(() -> stream.unsubscribe(subscriber));
    emitter.onTimeout(() -> stream.unsubscribe(subscriber));
    emitter.onError(error -> stream.unsubscribe(subscriber));
    stream.subscribe(subscriber, lastEventIdHeader != null ? lastEventIdHeader : lastEventId);
    return emitter;
  }

  @Override
  public SpaceSummary getSpaceSummary(String space) {
    return SpaceSummary.of(summaries.of(spaces.get(space)));
  }
}
