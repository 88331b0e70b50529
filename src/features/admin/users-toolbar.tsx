import { useId } from 'react';

import { Field } from '@/components/ui/field';
import { inputClass } from '@/components/ui/page';
import { Select } from '@/components/ui/select';

import { USER_ORDERS, type UserOrder } from './use-users-list';

const ORDER_OPTIONS = Object.entries(USER_ORDERS).map(([value, { label }]) => ({ value, label }));

/** Search by name or email, and the order of the list. */
export function UsersToolbar({
  search,
  onSearch,
  order,
  onOrder,
}: {
  search: string;
  onSearch: (value: string) => void;
  order: UserOrder;
  onOrder: (order: UserOrder) => void;
}) {
  const id = useId();
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <Field id={`${id}-search`} label="Search users" className="min-w-0 flex-1 basis-60">
        <input
          type="search"
          className={`${inputClass} pl-3`}
          placeholder="Name or email"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search) {
              event.preventDefault();
              onSearch('');
            }
          }}
        />
      </Field>
      <Select
        id={`${id}-order`}
        label="Sort by"
        options={ORDER_OPTIONS}
        value={order}
        fieldClassName="w-full sm:w-64"
        onChange={(event) => onOrder(event.target.value as UserOrder)}
      />
    </div>
  );
}
