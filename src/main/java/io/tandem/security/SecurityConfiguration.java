package io.tandem.security;

import io.tandem.common.error.ProblemCode;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.ExceptionTranslationFilter;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every {@code /api} route needs a caller (401 otherwise) allowed by {@link AccessRules} (403 otherwise), both as
 * problem+json. Health and the OpenAPI document are open.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Bean
  SecurityFilterChain api(HttpSecurity http, TokenService tokens, OidcTokens oidc, SpaceRoles roles, Audit audit,
      java.time.Clock clock,
      @Value("${tandem.security.anonymous:false}") boolean anonymous,
      @Value("${tandem.security.expensive-calls-per-minute:120}") int expensivePerMinute) throws Exception {
    return http
        .csrf(csrf -> csrf.disable())
        .cors(cors -> {})
        .httpBasic(basic -> basic.disable())
        .formLogin(form -> form.disable())
        .logout(logout -> logout.disable())
        .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .addFilterBefore(new TokenAuthenticationFilter(tokens, oidc, anonymous), AnonymousAuthenticationFilter.class)
        // after authentication, around the refusals: a refused write is audited too
        .addFilterBefore(new AuditFilter(audit, clock), ExceptionTranslationFilter.class)
        .addFilterAfter(new ExpensiveCallLimiter(expensivePerMinute, clock), AuthorizationFilter.class)
        .authorizeHttpRequests(authorize -> authorize
            .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/info", "/v3/api-docs", "/v3/api-docs/**",
                "/v3/api-docs.yaml", "/swagger-ui.html", "/swagger-ui/**", "/error").permitAll()
            .requestMatchers("/api/**").access(rules(roles))
            .anyRequest().authenticated())
        .exceptionHandling(handling -> handling
            .authenticationEntryPoint((request, response, error) -> problem(request, response, ProblemCode.UNAUTHORIZED,
                "Give an API token: Authorization: Bearer tdm_<prefix>_<secret>"))
            .accessDeniedHandler((request, response, error) -> problem(request, response, ProblemCode.FORBIDDEN,
                describe(request))))
        .build();
  }

  private static AuthorizationManager<RequestAuthorizationContext> rules(SpaceRoles roles) {
    return (authentication, context) -> {
      if (!(authentication.get().getPrincipal() instanceof Caller caller)) {
        return new AuthorizationDecision(false);
      }
      HttpServletRequest request = context.getRequest();
      AccessRules.Requirement requirement = AccessRules.of(request.getMethod(), request.getRequestURI());
      if (caller.orgAdmin()) {
        return new AuthorizationDecision(true);
      }
      if (requirement.orgAdmin()) {
        return new AuthorizationDecision(false);
      }
      if (requirement.space() == null) {
        return new AuthorizationDecision(true);
      }
      return new AuthorizationDecision(
          roles.roleOf(requirement.space(), caller.name()).map(role -> role.includes(requirement.role())).orElse(false));
    };
  }

  private static String describe(HttpServletRequest request) {
    AccessRules.Requirement requirement = AccessRules.of(request.getMethod(), request.getRequestURI());
    if (requirement.orgAdmin()) {
      return "This needs an organisation admin.";
    }
    return requirement.space() == null ? "Not allowed."
        : "This needs the role " + requirement.role() + " (or more) in space '" + requirement.space() + "'.";
  }

  static void problem(HttpServletRequest request, HttpServletResponse response, ProblemCode code, String detail)
      throws IOException {
    java.util.Map<String, Object> problem = new java.util.LinkedHashMap<>();
    problem.put("type", code.type().toString());
    problem.put("title", code.status().getReasonPhrase());
    problem.put("status", code.status().value());
    problem.put("detail", detail);
    problem.put("instance", request.getRequestURI());
    problem.put("code", code.code());
    response.setStatus(code.status().value());
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    if (code == ProblemCode.UNAUTHORIZED) {
      response.setHeader("WWW-Authenticate", "Bearer");
    }
    response.getWriter().write(JSON.writeValueAsString(problem));
  }
}
