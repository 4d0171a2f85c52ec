import { useState, type ComponentProps } from 'react';
import styled from 'styled-components';
import { TextInput } from '@sportify/shared-ui';
import { LinkButton } from './AuthForm.styles';

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  justify-items: end;
`;

/** Password input with a show/hide toggle. FormField passes id/aria props to the input itself. */
export function PasswordInput(props: ComponentProps<typeof TextInput>) {
  const [visible, setVisible] = useState(false);
  return (
    <Wrap>
      <TextInput {...props} type={visible ? 'text' : 'password'} />
      <LinkButton type="button" aria-pressed={visible} onClick={() => setVisible(!visible)}>
        {visible ? 'Hide password' : 'Show password'}
      </LinkButton>
    </Wrap>
  );
}
