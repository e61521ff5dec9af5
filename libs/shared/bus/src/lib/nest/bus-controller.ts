import { applyDecorators, Catch, Controller, UseFilters, type ExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Hands a handler's error to the transport as it was thrown. Nest's default RPC filter would log
 * it with a stack and replace it by "Internal server error"; the transport needs the error itself
 * to tell a dependency away (a line, redelivered later) from a fault, and to answer a refusal.
 */
@Catch()
export class PassErrorsToBus implements ExceptionFilter {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}

/** A controller of bus handlers (@OnEvent, @OnRequest, @OnSignal methods). */
export function BusController(): ClassDecorator {
  return applyDecorators(Controller(), UseFilters(PassErrorsToBus));
}
