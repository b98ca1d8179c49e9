import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Spinner, Text, Title2 } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { fillPlaceholders } from '../../domain/text';
import { MAX_ORDER_QUERY_LENGTH, type OrderListItem } from '../../domain/desk';
import TEXTS from '../texts.json';
import type { ApiError } from './api';
import { dateTime, money, orderStatusText } from './format';
import { useTableStyles } from './ui';

const T = TEXTS.orders;

const useStyles = makeStyles({
  search: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'flex-end', margin: '12px 0' },
  field: { flexGrow: 1, minWidth: '200px', maxWidth: '420px' },
});

/** Orders found by the buyer's e-mail, the order number or one of its keys; the query stays in the address. */
export function OrderSearch() {
  const styles = useStyles();
  const table = useTableStyles();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [typed, setTyped] = useState(q);
  const { data, error, isLoading } = useSWR<{ orders: OrderListItem[] }, ApiError>(q ? `/desk/orders?${new URLSearchParams({ q })}` : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    setParams(value ? { q: value } : {}, { replace: true });
  };

  return (
    <section aria-labelledby="orders-title">
      <Title2 as="h1" block id="orders-title">
        {T.title}
      </Title2>
      <form className={styles.search} onSubmit={submit} role="search">
        <Field label={T.search} hint={T.hint} className={styles.field}>
          <Input type="search" value={typed} maxLength={MAX_ORDER_QUERY_LENGTH} onChange={(_, d) => setTyped(d.value)} />
        </Field>
        <Button type="submit" appearance="primary">
          {T.find}
        </Button>
      </form>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error.message}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && <Spinner size="small" label={TEXTS.loading} />}
      {data && (
        <>
          <Text as="p" block aria-live="polite">
            {data.orders.length === 0 ? T.none : fillPlaceholders(T.count, { n: data.orders.length })}
          </Text>
          {data.orders.length > 0 && (
            <table className={table.table}>
              <thead>
                <tr>
                  <th className={table.th}>{T.order}</th>
                  <th className={table.th}>{T.status}</th>
                  <th className={`${table.th} ${table.wide}`}>{T.total}</th>
                  <th className={`${table.th} ${table.wide}`}>{T.created}</th>
                </tr>
              </thead>
              <tbody>
                {data.orders.map((order) => (
                  <tr key={order.id}>
                    <td className={table.td}>
                      <Link to={`/desk/orders/${order.id}`}>{fillPlaceholders(T.openTitle, { id: order.id })}</Link>
                      <span className={table.sub}>{order.email}</span>
                      <span className={table.sub}>
                        {order.quantity} × {order.plan}
                      </span>
                    </td>
                    <td className={table.td}>{orderStatusText(order.status)}</td>
                    <td className={`${table.td} ${table.wide}`}>{money(order.total, order.currency)}</td>
                    <td className={`${table.td} ${table.wide}`}>{dateTime(order.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
