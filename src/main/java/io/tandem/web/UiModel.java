package io.tandem.web;

import io.tandem.common.error.TandemException;
import io.tandem.security.domain.Caller;
import jakarta.servlet.http.HttpServletResponse;
import java.security.Principal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.servlet.ModelAndView;

/** What every page shows (who is signed in), and a refusal or a mistake as a page, not as problem+json. */
@ControllerAdvice(basePackages = "io.tandem.web")
@Order(Ordered.HIGHEST_PRECEDENCE)
class UiModel {

  private static final Logger log = LoggerFactory.getLogger(UiModel.class);

  @ModelAttribute("me")
  Caller me(Principal principal) {
    return principal instanceof Authentication authentication && authentication.getPrincipal() instanceof Caller caller
        ? caller : null;
  }

  @ExceptionHandler(TandemException.class)
  ModelAndView refused(TandemException e, HttpServletResponse response, Principal principal) {
    log.debug("UI request refused: {}", e.getMessage());
    response.setStatus(e.code().status().value());
    ModelAndView page = new ModelAndView("ui/error");
    page.addObject("me", me(principal));
    page.addObject("status", e.code().status().value());
    page.addObject("code", e.code().code());
    page.addObject("message", e.getMessage());
    return page;
  }
}
