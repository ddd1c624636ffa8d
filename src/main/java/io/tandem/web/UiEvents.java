package io.tandem.web;

import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.portal.domain.Event;
import io.tandem.portal.domain.EventStream;
import io.tandem.security.domain.SpaceRoles;
import io.tandem.security.domain.TokenService;
import java.io.IOException;
import java.security.Principal;
import java.time.Duration;
import java.util.function.Predicate;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The space's events for an open page, through the session: each names its type and unit, and the page fetches the
 * fragments that show them again. The same stream as the API's, ended when the token is revoked or the role is gone.
 */
@Controller
class UiEvents {

  private static final long TIMEOUT = Duration.ofMinutes(30).toMillis();

  private final EventStream stream;
  private final TokenService tokens;
  private final SpaceRoles roles;

  UiEvents(EventStream stream, TokenService tokens, SpaceRoles roles) {
    this.stream = stream;
    this.tokens = tokens;
    this.roles = roles;
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping(path = "/ui/spaces/{space}/events", produces = "text/event-stream")
  SseEmitter events(@PathVariable("space") String space, Principal principal) throws IOException {
    SseEmitter emitter = new SseEmitter(TIMEOUT);
    EventStream.Subscriber subscriber = new EventStream.Subscriber() {
      @Override
      public Predicate<Event> filter() {
        return event -> space.equals(event.space());
      }

      @Override
      public boolean send(Event event) {
        try {
          emitter.send(SseEmitter.event().id(Long.toString(event.id())).name("changed")
              .data(event.type() + " " + (event.unit() == null ? "" : event.unit())));
          return true;
        } catch (IOException | IllegalStateException e) {
          return false;
        }
      }

      @Override
      public void close() {
        emitter.complete();
      }

      @Override
      public boolean stillAllowed() {
        return tokens.stillValid(principal) && roles.roleOf(principal, space).isPresent();
      }
    };
    emitter.send(SseEmitter.event().comment("subscribed"));
    emitter.onCompletion(() -> stream.unsubscribe(subscriber));
    emitter.onTimeout(() -> stream.unsubscribe(subscriber));
    emitter.onError(error -> stream.unsubscribe(subscriber));
    stream.subscribe(subscriber, null);
    return emitter;
  }
}
